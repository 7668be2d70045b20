-- Each API process keeps the cards of the ideas it listed lately in memory (listing/card-cache.ts)
-- and drops an idea's card when the listing's change log (0037) names it. A card shows more than
-- the listing sorts by (the summary, strengths, sub-scores, editor's pick, each vote count), so an
-- update of any card column of a listed idea is logged too. Listing and unlisting are logged by
-- the listing's own triggers. The columns are queries/public-cards.ts' CARD_COLUMNS (a test holds
-- the two together).
CREATE FUNCTION public_card_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public_listing_changes (id)
  SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.deleted_at IS NULL AND n.merged_into_id IS NULL AND n.visibility = 'public'
    AND (o.slug, o.title, o.summary, o.categories, o.key_strengths, o.profit_potential, o.profit_score,
         o.problem_severity_score, o.market_demand_score, o.monetization_score, o.implementation_score,
         o.overall_score, o.editor_pick, o.editor_pick_message, o.upvotes, o.downvotes, o.source_domain,
         o.created_at)
    IS DISTINCT FROM
        (n.slug, n.title, n.summary, n.categories, n.key_strengths, n.profit_potential, n.profit_score,
         n.problem_severity_score, n.market_demand_score, n.monetization_score, n.implementation_score,
         n.overall_score, n.editor_pick, n.editor_pick_message, n.upvotes, n.downvotes, n.source_domain,
         n.created_at);
  RETURN NULL;
END
$$;

CREATE TRIGGER knowledge_public_card_update AFTER UPDATE ON knowledge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_card_log_change();
