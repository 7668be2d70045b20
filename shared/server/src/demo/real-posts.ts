import { readFileSync } from 'node:fs';
import path from 'node:path';

// The demo's real posts: public Reddit posts (PDDL 1.0) chosen by `npm run demo:posts` and
// committed beside this file (real-posts.json, provenance and licence in REAL-POSTS.md). The
// demo site, `npm run demo`, "Load the demo", the browser tests and the benchmarks that need
// realistic text all read them from here.

export const DEMO_POSTS_FILE = path.resolve(import.meta.dirname, 'real-posts.json');

export interface DemoPost {
  /** reddit:<subreddit>:<post id>, as in the idea-quality dataset. */
  id: string;
  /** Where it was posted: r/<subreddit>. */
  community: string;
  title: string;
  body: string;
  /** When it was posted (ISO 8601). */
  posted_at: string;
  /** The hand label of the idea-quality dataset: the demo holds both, so it shows the filter. */
  label: 'idea' | 'noise';
  strength?: number;
  provenance: { repo: string; commit: string; path: string; row: number; post_id: string; permalink: string };
}

let loaded: DemoPost[] | null = null;

export function demoPosts(): DemoPost[] {
  loaded ??= JSON.parse(readFileSync(DEMO_POSTS_FILE, 'utf8')) as DemoPost[];
  return loaded;
}
