import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { intentsOf, type Intent } from '@ideamine/server/llm/idea-model/intents';
import {
  APP_REVIEWS,
  FEATURE_REQUESTS,
  HN_TITLES,
  REDDIT,
  SOURCES,
  type FileSource,
  type RedditSource,
  type Source,
} from './sources';
import { sourceName } from './split';

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
/**
 * The need intents that chose round three's "everyday needs" sample, named here so that a detector
 * added to the model later does not move which posts were drawn (and labelled).
 */
const SAMPLED_NEEDS: readonly Intent[] = ['asks_for_tool', 'proposes', 'pitches', 'painful_workflow', 'would_pay'];

export const POSTS_FILE = path.resolve(import.meta.dirname, '../../../data/quality/posts.jsonl');
/** Reviews labelled by their dataset's authors, not by this guide's labellers (see `weakReviews`). */
export const WEAK_FILE = path.resolve(import.meta.dirname, '../../../data/quality/weak-reviews.jsonl');

/** A post whose label comes from its dataset, read onto the guide's idea or noise. */
export interface WeakPost extends Post {
  label: 'idea' | 'noise';
  /** The dataset's own label, as it decided `label`. */
  dataset_label: string;
}

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
    (intentsOf(`${p.title}\n${p.body}`).some((i) => SAMPLED_NEEDS.includes(i)) ? needs : others).push(p);
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

/** Ask HN titles (the file has no bodies) in the usable quarter, by the same rule as the restricted subreddits. */
function askHnTitles(source: FileSource): Post[] {
  const rows = parse(show(HN_TITLES.repo, HN_TITLES.commit, HN_TITLES.path), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  const posts = rows.flatMap((row, i) => {
    const title = (row.title ?? '').trim();
    if (!/^ask hn\b/i.test(title) || !row.id || !inUsableQuarter(row.id)) return [];
    const post: Post = {
      id: `hn:${row.id}`,
      source: source.name,
      genre: source.genre,
      provenance: { repo: HN_TITLES.repo, commit: HN_TITLES.commit, path: HN_TITLES.path, row: i + 2, post_id: row.id },
      title,
      body: '',
    };
    return [post];
  });
  return sample(posts, source.take);
}

/** A review with the label the dataset's authors gave it (`category_final`, `req_final`). */
export interface DatasetReview {
  post: Post;
  category: string;
  requirement: string;
}

let reviewsRead: DatasetReview[] | undefined;

/** Every review with text, with the label the dataset's authors gave it (read once per run). */
function allReviews(): DatasetReview[] {
  return (reviewsRead ??= readReviews());
}

function readReviews(): DatasetReview[] {
  const source = SOURCES.find((s) => s.kind === 'app-reviews')!;
  const rows = parse(show(APP_REVIEWS.repo, APP_REVIEWS.commit, APP_REVIEWS.path), {
    columns: true,
    relax_quotes: true,
  }) as Record<string, string>[];
  return rows.flatMap((row, i) => {
    if (!hasText(row.review) || !row.review_id) return [];
    const post: Post = {
      id: `reviews:${row.review_id}`,
      source: sourceName(source),
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
    return [{ post, category: row.category_final ?? '', requirement: row.req_final ?? '' }];
  });
}

function appReviews(source: FileSource): Post[] {
  return sample(
    allReviews().map((r) => r.post),
    source.take,
  );
}

/** A review's words alone, to find the same review posted twice under two ids. */
const reviewText = (p: Post) =>
  p.body
    .replace(/\n\n\(App: [^)]*\)$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The reviews nobody here labelled, with the dataset's own label read onto the guide's: a
 * functional requirement (the review asks the app to do something it does not) is an idea, a bug
 * report, "other" or "noise" is noise, and a non-functional requirement (speed, battery, ads:
 * ideas in only 44% of the hand-labelled reviews that carry it) is left out. A review whose text
 * is also a hand-labelled post's, or an earlier review's, is left out too, so no post of the test
 * split reaches training through a copy.
 */
export function weakReviews(labelled: Post[], reviews: DatasetReview[] = allReviews()): WeakPost[] {
  const seen = new Set(labelled.filter((p) => p.genre === 'review').map(reviewText));
  const taken = new Set(labelled.map((p) => p.id));
  return reviews.flatMap(({ post, category, requirement }) => {
    const text = reviewText(post);
    if (taken.has(post.id) || seen.has(text)) return [];
    seen.add(text);
    const requested = category === 'requirement';
    if (requested && requirement !== 'functional') return [];
    return [
      { ...post, label: requested ? 'idea' : 'noise', dataset_label: requested ? 'functional requirement' : category },
    ];
  });
}

export function readPosts(): Post[] {
  return SOURCES.flatMap((s) => {
    if (s.kind === 'reddit') return redditPosts(s);
    if (s.kind === 'feature-requests') return featureRequests(s);
    return s.kind === 'hn-titles' ? askHnTitles(s) : appReviews(s);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const posts = readPosts();
  mkdirSync(path.dirname(POSTS_FILE), { recursive: true });
  writeFileSync(POSTS_FILE, posts.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const weak = weakReviews(posts);
  writeFileSync(WEAK_FILE, weak.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const bySource = new Map<string, number>();
  for (const p of posts) bySource.set(p.source, (bySource.get(p.source) ?? 0) + 1);
  console.log(`${posts.length} posts from ${bySource.size} sources -> ${path.relative(process.cwd(), POSTS_FILE)}`);
  for (const [s, n] of bySource) console.log(`  ${s}: ${n}`);
  const weakIdeas = weak.filter((p) => p.label === 'idea').length;
  console.log(
    `${weak.length} more reviews with the dataset's own labels (${weakIdeas} ideas) -> ${path.relative(process.cwd(), WEAK_FILE)}`,
  );
}
