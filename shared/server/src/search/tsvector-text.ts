// PostgreSQL's text forms of tsvector and tsquery, read in JavaScript: the in-memory search index
// (slice-index.ts) is built from `search::text` and answers `websearch_to_tsquery(...)::text`.

/** A position as PostgreSQL packs it: the word's position times 4 plus its weight (D 0 ... A 3). */
export type PackedPosition = number;

export const packPosition = (position: number, weight: number): PackedPosition => position * 4 + weight;
export const positionOf = (p: PackedPosition) => p >> 2;
export const weightOf = (p: PackedPosition) => p & 3;

const WEIGHTS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** The lexeme quoted at `start` ('' stands for a quote, a backslash escapes) and the index past it. */
function readQuoted(text: string, start: number): [string, number] | null {
  if (text[start] !== "'") return null;
  let lexeme = '';
  let i = start + 1;
  for (;;) {
    const c = text[i];
    if (c === undefined) return null;
    if (c === "'" && text[i + 1] === "'") {
      lexeme += "'";
      i += 2;
    } else if (c === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else if (c === "'") {
      return [lexeme, i + 1];
    } else {
      lexeme += c;
      i += 1;
    }
  }
}

/**
 * Lexemes and their positions from tsvector text (`'bank':3A,7 'it''s':2`). A lexeme without
 * positions gets none (ts_rank_cd ignores it, as PostgreSQL does).
 */
export function parseTsvector(text: string): Map<string, PackedPosition[]> {
  const out = new Map<string, PackedPosition[]>();
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    const quoted = readQuoted(text, i);
    if (!quoted) throw new Error(`tsvector text: expected a quoted lexeme at ${i}`);
    const [lexeme, next] = quoted;
    i = next;
    const positions: PackedPosition[] = [];
    if (text[i] === ':') {
      i += 1;
      for (;;) {
        let n = 0;
        while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) {
          n = n * 10 + text.charCodeAt(i) - 48;
          i += 1;
        }
        const weight = WEIGHTS[text[i] ?? ''];
        if (weight !== undefined) i += 1;
        positions.push(packPosition(n, weight ?? 0));
        if (text[i] !== ',') break;
        i += 1;
      }
    }
    out.set(lexeme, positions);
  }
  return out;
}

/**
 * The lexemes of a tsquery that only ANDs plain lexemes (`'cheap' & 'app'`, what
 * websearch_to_tsquery makes of ordinary words), without repeats; null for anything else (a
 * phrase, OR, NOT, a prefix, a weight, an empty query), which the index leaves to PostgreSQL.
 */
export function plainAndLexemes(text: string): string[] | null {
  const lexemes: string[] = [];
  let i = 0;
  for (;;) {
    const quoted = readQuoted(text, i);
    if (!quoted) return null;
    const [lexeme, next] = quoted;
    i = next;
    if (!lexemes.includes(lexeme)) lexemes.push(lexeme);
    if (i === text.length) return lexemes;
    if (text.slice(i, i + 3) !== ' & ') return null;
    i += 3;
  }
}
