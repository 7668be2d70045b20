-- Ideas are filed under categories when they are enriched, and kept there: when the local
-- categoriser's rules or the categories' keywords change (0039, 0041, a verb no longer counting
-- as its topic), ideas enriched before kept their old categories. A background sweep
-- (worker/src/jobs/refile-categories.ts) now files them again under the current rules, in id
-- order, and this row records how far it has come.
--   rules:    the rules the last sweep filed under (a signature the worker computes); NULL on a
--             fresh install, where every idea is filed under the current rules already.
--   next_id:  the next idea the sweep looks at; last_id: the newest idea when it began (ideas
--             after it are enriched under the current rules).
--   moved:    how many ideas changed categories in this sweep.
CREATE TABLE category_refiling (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  rules       text,
  next_id     bigint NOT NULL DEFAULT 0,
  last_id     bigint NOT NULL DEFAULT 0,
  moved       bigint NOT NULL DEFAULT 0,
  started_at  timestamptz,
  finished_at timestamptz
);
-- A database that already holds ideas filed them under earlier rules: the first sweep runs.
INSERT INTO category_refiling (rules)
SELECT CASE WHEN EXISTS (SELECT 1 FROM knowledge) THEN 'before 0042' END;

-- Categories an operator chose for an idea are theirs: the sweep leaves them alone. Set by an
-- edit of the idea's categories, cleared when the idea is enriched again; earlier edits are read
-- back from the audit log.
ALTER TABLE knowledge ADD COLUMN categories_edited_at timestamptz;
UPDATE knowledge k SET categories_edited_at = a.at
FROM (
  SELECT entity_id, max(created_at) AS at FROM audit_log
  WHERE action = 'knowledge.update' AND entity_type = 'knowledge' AND after ? 'categories'
  GROUP BY entity_id
) AS a
WHERE a.entity_id = k.id::text;
