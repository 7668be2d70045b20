-- More built-in sources for the "Add sources" catalogue, chosen where people state needs rather
-- than launch products: subreddits where people ask for apps and tools, and open feature
-- requests on GitHub. Like the first ones they ship switched off; an operator switches them on.

INSERT INTO extraction_schemas (name, description, type, item_selector, fields, follow_patterns, is_builtin) VALUES
  ('GitHub issue search', 'Issues from the api.github.com search API (title, body, author, date).', 'json', 'items',
   '{"title": "title", "url": "html_url", "body": "body", "author": "user.login", "published_at": "created_at"}',
   '{}', true)
ON CONFLICT DO NOTHING;

INSERT INTO schedules (name, cron, timezone, job_template, is_active, is_builtin)
SELECT s.name, s.cron, 'UTC',
       jsonb_build_object('initial_url', s.url, 'tag', s.tag, 'schema_id', (SELECT id FROM extraction_schemas WHERE name = s.schema_name),
                          'max_pages', 1, 'max_depth', 0),
       false, true
FROM (VALUES
  ('Reddit: r/SomebodyMakeThis', '20 */6 * * *', 'https://www.reddit.com/r/SomebodyMakeThis/new.json?limit=50', 'reddit-somebodymakethis', 'Reddit listing'),
  ('Reddit: r/AppIdeas', '25 */6 * * *', 'https://www.reddit.com/r/AppIdeas/new.json?limit=50', 'reddit-appideas', 'Reddit listing'),
  ('Reddit: r/androidapps (app requests)', '35 */12 * * *', 'https://www.reddit.com/r/androidapps/new.json?limit=50', 'reddit-androidapps', 'Reddit listing'),
  ('Reddit: r/software (tool requests)', '40 */12 * * *', 'https://www.reddit.com/r/software/new.json?limit=50', 'reddit-software', 'Reddit listing'),
  ('GitHub: open feature requests', '50 */12 * * *', 'https://api.github.com/search/issues?q=label%3A%22feature+request%22+is%3Aissue+is%3Aopen&sort=created&order=desc&per_page=50', 'github-feature-requests', 'GitHub issue search')
) AS s (name, cron, url, tag, schema_name);
