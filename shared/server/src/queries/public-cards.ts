import { sql } from 'kysely';

// What a card of the public lists shows (the list, search, projects, a user's dashboard).

export const CARD_COLUMNS = [
  'id',
  'slug',
  'title',
  'summary',
  'categories',
  'key_strengths',
  'profit_potential',
  'profit_score',
  'problem_severity_score',
  'market_demand_score',
  'monetization_score',
  'implementation_score',
  'overall_score',
  'editor_pick',
  'editor_pick_message',
  'upvotes',
  'downvotes',
  'source_domain',
  'created_at',
] as const;

/**
 * A card as JSON text, built by PostgreSQL from the columns above of `table` (a name or alias):
 * the text JSON.stringify makes of presentIdeaCard's object (api/src/presenters/public-idea.ts),
 * byte for byte (a test there holds the two together). A page of these needs no parsing field
 * by field in Node and no serialising again, which had been a quarter of the API's time on a
 * list page. row_to_json writes no spaces (json_build_object would); scores go through float8 so
 * they print as JavaScript prints them (7.1, not 7.10); created_at as toISOString() writes it.
 */
export const cardJsonOf = (table: string) => {
  // The card's fields in the presenter's order: CARD_COLUMNS', with vote_score after downvotes.
  const fields = CARD_COLUMNS.flatMap((column) => {
    const c = `${table}.${column}`;
    if (column.endsWith('_score')) return [`${c}::float8 AS ${column}`];
    if (column === 'downvotes') return [c, `${table}.upvotes - ${c} AS vote_score`];
    if (column === 'created_at')
      return [`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`];
    return [c];
  });
  return sql<string>`(SELECT row_to_json(card) FROM (SELECT ${sql.raw(fields.join(', '))}) card)::text`;
};

/** A card of knowledge as JSON text (cardJsonOf('knowledge')). */
export const CARD_JSON = cardJsonOf('knowledge');

/** A card as JSON text, with its sort value as text for the next page's cursor. */
export interface CardJsonRow {
  id: number;
  card: string;
  seek_value: string | null;
}
