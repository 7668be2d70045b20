-- Sorting the public list by title, like every other public sort, reads an index (seek
-- pagination's row comparison goes straight to its cursor in it).
CREATE INDEX knowledge_public_title_idx ON knowledge (title, id)
  WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public';
