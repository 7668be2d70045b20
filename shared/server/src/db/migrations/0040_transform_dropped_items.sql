-- Every item the pre-filter dropped from a page, one row each. The task row held only the first
-- 200 (dropped_items), so on a feed that dropped more the rest could be neither seen nor kept as
-- ideas. The task row now keeps a short preview and the count; the operator pages through the
-- rest here and may keep any of them.
CREATE TABLE transform_dropped_items (
  task_id  bigint NOT NULL REFERENCES transform_tasks (id) ON DELETE CASCADE,
  position integer NOT NULL,
  url      text NOT NULL,
  title    text NOT NULL,
  reason   text NOT NULL,
  PRIMARY KEY (task_id, position)
);

ALTER TABLE transform_tasks ADD COLUMN dropped_count integer NOT NULL DEFAULT 0;

-- What earlier runs recorded moves across as it is: the items past the first 200 were never kept.
INSERT INTO transform_dropped_items (task_id, position, url, title, reason)
SELECT t.id, d.ord - 1, d.item ->> 'url', coalesce(d.item ->> 'title', ''), coalesce(d.item ->> 'reason', '')
FROM transform_tasks t, jsonb_array_elements(t.dropped_items) WITH ORDINALITY AS d (item, ord)
WHERE t.dropped_items <> '[]'::jsonb AND d.item ->> 'url' IS NOT NULL;

UPDATE transform_tasks SET dropped_count = jsonb_array_length(dropped_items) WHERE dropped_items <> '[]'::jsonb;
