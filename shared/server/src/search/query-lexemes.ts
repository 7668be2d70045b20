import { sql } from 'kysely';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';
import { TtlCache } from '../cache/ttl-cache';
import { plainAndLexemes } from './tsvector-text';

// A search's words as PostgreSQL's websearch_to_tsquery('english', ...) normalises them, for the
// in-memory index. Asking PostgreSQL costs a round trip per new query, and nearly every query of
// the long tail is new. But a query of plain words (letters only, no `or`) normalises word by
// word: each word is one token, one lexeme or a stop word, ANDed in the query's order. So each
// word is asked once and remembered, and a new pair of known words needs no round trip.

/** Normalised words and queries remembered. */
const MEMORY = 20_000;
const PLAIN_WORD = /^[A-Za-z]{1,40}$/;
/** More words than this are asked as one query (and remembered as one). */
const MAX_WORDS = 6;

export class QueryLexemes {
  private readonly normalised = new TtlCache(Number.POSITIVE_INFINITY, MEMORY);

  constructor(private readonly db: Db) {}

  /**
   * The query's lexemes, without repeats, when it ANDs plain lexemes; null for anything else (a
   * phrase, `or`, `-word`, a prefix, only stop words), which the index leaves to PostgreSQL.
   */
  async of(query: string): Promise<string[] | null> {
    const words = query.trim().split(/\s+/);
    if (words.length <= MAX_WORDS && words.every((w) => PLAIN_WORD.test(w) && w.toLowerCase() !== 'or')) {
      const perWord = await Promise.all(words.map((w) => this.ask(w.toLowerCase())));
      const lexemes = [...new Set(perWord.flatMap((l) => l ?? []))];
      return perWord.every((l) => l !== null) && lexemes.length > 0 ? lexemes : null;
    }
    const lexemes = await this.ask(query);
    return lexemes?.length ? lexemes : null;
  }

  /** PostgreSQL's lexemes of a text: [] when it is only stop words, null when not plain ANDed lexemes. */
  private ask(text: string): Promise<string[] | null> {
    return this.normalised.remember(text, async () => {
      const rows = await runPrepared(
        this.db,
        sql<{ q: string }>`SELECT websearch_to_tsquery('english', ${text})::text AS q`.compile(this.db),
      );
      const q = rows[0]?.q ?? '';
      return q === '' ? [] : plainAndLexemes(q);
    });
  }
}
