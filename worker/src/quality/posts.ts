import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { intentsOf, NEED_INTENTS } from '@ideamine/server/llm/idea-model/intents';
import {
  APP_REVIEWS,
  FEATURE_REQUESTS,
  REDDIT,
  SOURCES,
  type FileSource,
  type RedditSource,
  type Source,
} from './sources';

// `npm run quality:posts`: reads the labelled posts' text back from the datasets' git snapshots
// (fetched with the search tool into MIRROR_DIR, /work/.mirror by default) and writes
// data/quality/posts.jsonl: one post a line with its provenance. The same rows come out on every
// run: the snapshots are read at fixed commits and every choice is made by a hash.

export interface Post {
  id: string;
  /** The source's name in sources.ts (r/SomebodyMakeThis, signal-mastodon-requests): what the split goes by. */
  source: string;
  genre: Source['genre'];
  provenance: { repo: string; commit: string; path: string; row: number; post_id: string };
  title: string;
  body: string;
}

const MIRROR_DIR = process.env.MIRROR_DIR ?? '/work/.mirror';
export const POSTS_FILE = path.resolve(import.meta.dirname, '../../../data/quality/posts.jsonl');

function hash(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/**
 * The quarter rule for the files the independent evaluation draws on: a post may be used only
 * when the first four bytes of sha256(post id), read as an unsigned integer, fall in the lowest
 * quarter of their range.
 */
export function inUsableQuarter(postId: string): boolean {
  return hash(postId) < 2 ** 30;
}

function show(repo: string, commit: string, file: string): string {
  const dir = path.join(MIRROR_DIR, repo.replace('/', '+'), 'repo');
  try {
    return execFileSync('git', ['-C', dir, 'show', `${commit}:${file}`], { maxBuffer: 64 * 1024 * 1024 }).toString(
      'utf8',
    );
  } catch {
    throw new Error(`Cannot read ${repo}@${commit}:${file}. Fetch the repository ${repo} with the search tool first.`);
  }
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

const hasText = (s: string | undefined) => !!s && !['', '[deleted]', '[removed]'].includes(s.trim());

/** The first `take` posts in the order of a hash of their id: a fixed sample that any run repeats. */
function sample(posts: Post[], take: number): Post[] {
  return posts
    .map((p) => ({ p, k: hash(`sample:${p.id}`) }))
    .sort((a, b) => a.k - b.k || a.p.id.localeCompare(b.p.id))
    .slice(0, take)
    .map(({ p }) => p);
}

function redditPosts(source: RedditSource): Post[] {
  const file = `data/${source.subreddit}.csv`;
  const rows = parse(show(REDDIT.repo, REDDIT.commit, file), { columns: true, relax_quotes: true }) as Record<
    string,
    string
  >[];
  const posts = rows.flatMap((row, i) => {
    if (row.is_self !== 'True' || !hasText(row.selftext) || row.over_18 === 'True') return [];
    if (source.restricted && !inUsableQuarter(row.id!)) return [];
    const post: Post = {
      id: `reddit:${source.subreddit}:${row.id}`,
      source: `r/${source.subreddit}`,
      genre: source.genre,
      provenance: { repo: REDDIT.repo, commit: REDDIT.commit, path: file, row: i + 2, post_id: row.id! },
      title: decodeEntities(row.title ?? '').trim(),
      body: decodeEntities(row.selftext!).trim(),
    };
    return [post];
  });
  if (!source.select) return sample(posts, source.take);
  const needs: Post[] = [];
  const others: Post[] = [];
  for (const p of posts)
    (intentsOf(`${p.title}\n${p.body}`).some((i) => NEED_INTENTS.includes(i)) ? needs : others).push(p);
  return [...sample(needs, source.select.needs), ...sample(others, source.select.others)];
}

function featureRequests(source: FileSource): Post[] {
  const posts = FEATURE_REQUESTS.paths.flatMap((file) => {
    const list = JSON.parse(show(FEATURE_REQUESTS.repo, FEATURE_REQUESTS.commit, file)) as Record<string, unknown>[];
    return list.flatMap((r, i) => {
      const body = String(r['Initial Comment'] ?? '');
      if (!hasText(body)) return [];
      const number = String(r['Request Number'] ?? i).replace('#', '');
      const app = String(r['App Name'] ?? 'app').toLowerCase();
      const post: Post = {
        id: `requests:${app}:${number}`,
        source: source.name,
        genre: source.genre,
        provenance: {
          repo: FEATURE_REQUESTS.repo,
          commit: FEATURE_REQUESTS.commit,
          path: file,
          row: i,
          post_id: number,
        },
        title: String(r.Title ?? '').trim(),
        body: body.trim(),
      };
      return [post];
    });
  });
  return sample(posts, source.take);
}

function appReviews(source: FileSource): Post[] {
  const rows = parse(show(APP_REVIEWS.repo, APP_REVIEWS.commit, APP_REVIEWS.path), {
    columns: true,
    relax_quotes: true,
  }) as Record<string, string>[];
  const posts = rows.flatMap((row, i) => {
    if (!hasText(row.review) || !row.review_id) return [];
    const post: Post = {
      id: `reviews:${row.review_id}`,
      source: source.name,
      genre: source.genre,
      provenance: {
        repo: APP_REVIEWS.repo,
        commit: APP_REVIEWS.commit,
        path: APP_REVIEWS.path,
        row: i + 2,
        post_id: row.review_id,
      },
      title: (row.topic ?? '').trim(),
      body: `${row.review!.trim()}${row.app_name ? `\n\n(App: ${row.app_name})` : ''}`,
    };
    return [post];
  });
  return sample(posts, source.take);
}

export function readPosts(): Post[] {
  return SOURCES.flatMap((s) =>
    s.kind === 'reddit' ? redditPosts(s) : s.kind === 'feature-requests' ? featureRequests(s) : appReviews(s),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const posts = readPosts();
  mkdirSync(path.dirname(POSTS_FILE), { recursive: true });
  writeFileSync(POSTS_FILE, posts.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const bySource = new Map<string, number>();
  for (const p of posts) bySource.set(p.source, (bySource.get(p.source) ?? 0) + 1);
  console.log(`${posts.length} posts from ${bySource.size} sources -> ${path.relative(process.cwd(), POSTS_FILE)}`);
  for (const [s, n] of bySource) console.log(`  ${s}: ${n}`);
}
