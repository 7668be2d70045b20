-- Feed items read in full. A feed's item whose text is short (or every item, as the job asks) is
-- followed: its link becomes a crawl task carrying the item as the feed gave it, so the page's
-- main text makes the idea, and the feed's own text stands in when the page cannot be read.
ALTER TABLE crawl_tasks ADD COLUMN feed_item jsonb;
ALTER TABLE jobs ADD COLUMN follow_feed_items text NOT NULL DEFAULT 'auto'
  CHECK (follow_feed_items IN ('auto', 'always', 'never'));
