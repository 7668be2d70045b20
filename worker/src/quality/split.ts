import { createHash } from 'node:crypto';
import { SOURCES, type Source } from './sources';

// Train, validation and held-out test, fixed before any label was looked at. The split is by
// source (a subreddit, an app's requests) so that the held-out figures say how the model does on
// a place it never saw, stratified by genre so every kind of place is in every split. A genre
// with fewer than three sources cannot be split by source; its posts are split by a hash of
// their id instead (the one place a source is seen in training and in test).

export type Split = 'train' | 'validation' | 'test';

const key = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

export const sourceName = (s: Source) => (s.kind === 'reddit' ? `r/${s.subreddit}` : s.name);

/** Which split each source of a genre with three or more sources belongs to. */
function sourceSplits(): Map<string, Split> {
  const byGenre = new Map<string, string[]>();
  for (const s of SOURCES) byGenre.set(s.genre, [...(byGenre.get(s.genre) ?? []), sourceName(s)]);
  const splits = new Map<string, Split>();
  for (const names of byGenre.values()) {
    if (names.length < 3) continue;
    const ordered = [...names].sort((a, b) => key(`split:${a}`) - key(`split:${b}`) || a.localeCompare(b));
    const quarter = Math.max(1, Math.round(names.length / 4));
    ordered.forEach((name, i) => splits.set(name, i < quarter ? 'test' : i < 2 * quarter ? 'validation' : 'train'));
  }
  return splits;
}

const SOURCE_SPLITS = sourceSplits();

/** The split of one post, given its source's name as in sources.ts and its id. */
export function splitOf(source: string, postId: string): Split {
  const bySource = SOURCE_SPLITS.get(source);
  if (bySource) return bySource;
  const bucket = key(`split:${postId}`) % 10;
  return bucket < 2 ? 'test' : bucket < 4 ? 'validation' : 'train';
}

/** How many folds cross-validation over the development posts (train and validation) uses. */
export const FOLDS = 5;

/**
 * The cross-validation fold of a development post. Like the split, it keeps a source whole where
 * its genre has three or more sources, so each fold's figures say how the model does on places it
 * did not learn from; a single-source genre's posts are spread over the folds by a hash of their id.
 */
export function foldOf(source: string, postId: string): number {
  return SOURCE_SPLITS.has(source) ? key(`fold:${source}`) % FOLDS : key(`fold:${postId}`) % FOLDS;
}
