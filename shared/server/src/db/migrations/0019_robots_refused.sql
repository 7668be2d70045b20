-- A robots.txt the address policy refused to fetch (the origin is, or redirects to, a private,
-- loopback or reserved address) is remembered as such, so the pages it covers are reported as
-- "refused: private address" rather than as an unreachable robots.txt.
ALTER TABLE robots_cache DROP CONSTRAINT robots_cache_mode_check;
ALTER TABLE robots_cache ADD CONSTRAINT robots_cache_mode_check
  CHECK (mode IN ('rules', 'allow_all', 'disallow_all', 'refused'));
