-- The local provider now finds a category keyword as a word with its usual endings ("renters",
-- "shopping", "investors"), no longer at the start of any longer word, which put "eventually" in
-- Social & Community, "investigate" in Fintech and "author" in Security & Privacy. The seeded
-- lists gain the longer words the old match found on purpose, and "auth" becomes the word it was
-- meant for. Operators edit these lists: a keyword is only replaced where it is still there and
-- only added where it is missing.
UPDATE categories SET keywords = array_replace(keywords, 'auth', 'authentication')
WHERE slug = 'security' AND 'auth' = ANY (keywords) AND NOT 'authentication' = ANY (keywords);

UPDATE categories c SET keywords = c.keywords || ARRAY(
  SELECT k FROM unnest(a.added) AS k WHERE NOT k = ANY (c.keywords))
FROM (VALUES
  ('data-analytics', ARRAY['database', 'dataset']),
  ('media', ARRAY['photography', 'photograph', 'photoshop']),
  ('health', ARRAY['healthcare', 'healthy']),
  ('education', ARRAY['tutorial']),
  ('entertainment', ARRAY['gameplay']),
  ('developer-tools', ARRAY['codebase'])
) AS a (slug, added)
WHERE c.slug = a.slug;
