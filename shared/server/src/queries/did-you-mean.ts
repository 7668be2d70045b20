import { distance } from 'fastest-levenshtein';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { publicIdeas } from './public-ideas';

// "Did you mean ...?" for a search that found nothing. A misspelt word ("walpaper") or a word
// split in two ("to do", whose words the search ignores as too common) is a dead end for a person
// who cannot see why. The words the public ideas' titles use, found by trigram similarity (the
// titles' trigram index), are what a respelling may use: each query word that no title uses is
// replaced by the closest title word, and two neighbouring words join when a title uses the
// joined word. A respelling is offered only when it finds ideas (the caller counts them).

/** Queries of more words than this are not respelt (they are sentences, not typos). */
const MAX_WORDS = 4;
/** Title rows read per word looked up: enough for a vocabulary, bounded on a large table. */
const TITLES_PER_PROBE = 40;
const WORD = /^[a-z]+$/;

/** Edits a word may need to count as a misspelling of another: none under 3 letters, one up to 4, two beyond. */
export const allowedEdits = (word: string) => (word.length < 3 ? 0 : word.length <= 4 ? 1 : 2);

/** Each word of a vocabulary with how often it occurs, lower-cased. */
export function vocabularyOf(texts: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The vocabulary word closest to `word` within its allowed edits: fewest edits, then the commonest, then A-Z. */
export function closestWord(word: string, vocabulary: Map<string, number>): string | null {
  const limit = allowedEdits(word);
  let best: { word: string; edits: number; count: number } | null = null;
  for (const [candidate, count] of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const edits = distance(word, candidate);
    if (edits > limit) continue;
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits && (count > best.count || (count === best.count && candidate < best.word)));
    if (better) best = { word: candidate, edits, count };
  }
  return best?.word ?? null;
}

/**
 * Respellings of a query's words, most likely first, none equal to the query: neighbouring words
 * joined where the vocabulary has the joined word, then each unknown word replaced by its closest
 * known one. Empty for anything but a few plain words (a phrase, `-word` or `or` is meant as typed).
 */
export function respellings(query: string, vocabulary: Map<string, number>): string[] {
  const words = plainWords(query);
  if (!words) return [];
  const out: string[] = [];
  const add = (respelt: string[]) => {
    const text = respelt.join(' ');
    if (text !== words.join(' ') && !out.includes(text)) out.push(text);
  };
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i]! + words[i + 1]!;
    if (vocabulary.has(joined)) add([...words.slice(0, i), joined, ...words.slice(i + 2)]);
  }
  add(words.map((w) => (vocabulary.has(w) ? w : (closestWord(w, vocabulary) ?? w))));
  return out;
}

function plainWords(query: string): string[] | null {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length || words.length > MAX_WORDS) return null;
  return words.every((w) => WORD.test(w) && w !== 'or') ? words : null;
}

/**
 * The first respelling of `query` that finds public ideas, with how many it finds; null when none
 * does. `extraWords` (category names, trending keywords) join the titles' words; `count` is the
 * search itself, so a respelling is offered only when following it finds something.
 */
export async function didYouMean(
  db: Db,
  query: string,
  extraWords: string[],
  count: (respelt: string) => Promise<number>,
): Promise<{ q: string; total: number } | null> {
  const words = plainWords(query);
  if (!words) return null;
  // Each word, and each neighbouring pair joined, looked up by trigram word similarity (`<%`, the
  // titles' gin_trgm_ops index): titles with a word like it.
  const probes = [...words, ...words.slice(1).map((w, i) => words[i]! + w)].filter((w) => w.length >= 3);
  if (!probes.length) return null;
  // One bounded read per probe, so a common word cannot fill the vocabulary on its own.
  const titles = await Promise.all(
    probes.map((p) =>
      publicIdeas(db)
        .select('title')
        .where(sql<boolean>`${p} <% title`)
        .limit(TITLES_PER_PROBE)
        .execute(),
    ),
  );
  const vocabulary = vocabularyOf([...titles.flat().map((t) => t.title), ...extraWords]);
  for (const respelt of respellings(query, vocabulary).slice(0, 2)) {
    const total = await count(respelt);
    if (total > 0) return { q: respelt, total };
  }
  return null;
}
