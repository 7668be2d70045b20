-- A crawl task's URL is the dedup key (normalised: query parameters sorted, tracking ones
-- dropped). What is fetched and matched against robots.txt is the URL as the link wrote it
-- (RFC 9309 2.2.2), kept here when it differs from the key; null means the same as `url`.
ALTER TABLE crawl_tasks ADD COLUMN fetch_url text;
