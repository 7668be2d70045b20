-- The seeded HR & Recruiting list held "job", and the local provider files a post under a
-- category whose keyword it names: "matching supplier invoices to jobs" (a plumber's work
-- orders), "GF lost her job, we're trying to make it using Etsy", a print job or a cron job were
-- HR. In the 400 ideas labelled with their categories (worker/quality/category-labels.jsonl) the
-- word turns up in 4, none of them about hiring. The word gives way to the phrases that mean the
-- topic. Operators edit these lists: only a list that still holds "job" changes, and a phrase is
-- only added where it is missing.
UPDATE categories c SET keywords = array_remove(c.keywords, 'job') || ARRAY(
  SELECT k FROM unnest(ARRAY['job board', 'job search', 'job posting', 'job application']) AS k
  WHERE NOT k = ANY (c.keywords))
WHERE c.slug = 'hr' AND 'job' = ANY (c.keywords);
