-- The seeded Sustainability list held "green", and the local provider files a post under a
-- category whose keyword it names: "the button turns green", "green tea" and "greener pastures"
-- were Sustainability. In the 3,510 labelled real posts (worker/quality) every one of the 53
-- mentions of green is a colour, a tea or a saying. The word gives way to the phrases that mean the
-- topic. Operators edit these lists: only a list that still holds "green" changes, and a phrase is
-- only added where it is missing.
UPDATE categories c SET keywords = array_remove(c.keywords, 'green') || ARRAY(
  SELECT k FROM unnest(ARRAY['go green', 'green energy', 'eco-friendly']) AS k WHERE NOT k = ANY (c.keywords))
WHERE c.slug = 'sustainability' AND 'green' = ANY (c.keywords);
