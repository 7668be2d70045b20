import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { DEMO_POSTS_FILE, type DemoPost } from '@ideamine/server/demo/real-posts';
import { readPosts, type Post } from '../quality/posts';
import { REDDIT, SOURCES } from '../quality/sources';

// `npm run demo:posts`: picks the real posts the demo site serves and writes them, with their
// provenance, to shared/server/src/demo/real-posts.json (committed, so the demo runs offline).
//
// The rule, written down so anyone can repeat it:
// - only Reddit posts (umbrae/reddit-top-2.5-million, PDDL 1.0: free to copy with attribution),
//   never from the subreddits the independent evaluation draws on (the `restricted` sources of
//   worker/src/quality/sources.ts) and never from Hacker News;
// - every post the labellers judged an idea, so the demo shows what Ideamine is for;
// - and NOISE_POSTS of the posts judged noise (the first in the order of sha256("demo:" + id)),
//   so the demo also shows what the pre-filter keeps out;
// - no post whose title swears: the demo is a visitor's first impression;
// - bodies over MAX_BODY characters cut at a paragraph break.

const NOISE_POSTS = 120;
/** Longer posts are cut at a paragraph break below this: a demo page, not an archive. */
const MAX_BODY = 2_400;

const LABELS_FILE = path.resolve(import.meta.dirname, '../../quality/labels.jsonl');
const MIRROR_DIR = process.env.MIRROR_DIR ?? '/work/.mirror';

interface Label {
  id: string;
  label: 'idea' | 'noise';
  strength?: number;
}

const SWEARING = /fuck|shit|cunt|bitch|asshole/i;

const order = (id: string) => createHash('sha256').update(`demo:${id}`).digest().readUInt32BE(0);

function cut(body: string): string {
  if (body.length <= MAX_BODY) return body;
  const at = body.lastIndexOf('\n\n', MAX_BODY);
  return `${body.slice(0, at > MAX_BODY / 2 ? at : MAX_BODY).trim()} [...]`;
}

/** created_utc and permalink of each row of a subreddit's file (the quality posts keep neither). */
function redditRows(file: string): Record<string, string>[] {
  const dir = path.join(MIRROR_DIR, REDDIT.repo.replace('/', '+'), 'repo');
  const csv = execFileSync('git', ['-C', dir, 'show', `${REDDIT.commit}:${file}`], { maxBuffer: 64 << 20 }).toString();
  return parse(csv, { columns: true, relax_quotes: true }) as Record<string, string>[];
}

function main(): void {
  const usable = new Set(
    SOURCES.filter((s) => s.kind === 'reddit' && !s.restricted).map((s) => (s.kind === 'reddit' ? s.subreddit : '')),
  );
  const labels = new Map(
    readFileSync(LABELS_FILE, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Label)
      .map((l) => [l.id, l]),
  );
  const posts = readPosts().filter(
    (p) => p.id.startsWith('reddit:') && usable.has(p.id.split(':')[1]!) && !SWEARING.test(p.title),
  );
  const judged = posts.flatMap((p) => {
    const l = labels.get(p.id);
    return l ? [{ p, l }] : [];
  });
  const ideas = judged.filter((j) => j.l.label === 'idea');
  const noise = judged
    .filter((j) => j.l.label === 'noise')
    .sort((a, b) => order(a.p.id) - order(b.p.id))
    .slice(0, NOISE_POSTS);
  const rows = new Map<string, Record<string, string>[]>();
  const rowOf = (p: Post) => {
    if (!rows.has(p.provenance.path)) rows.set(p.provenance.path, redditRows(p.provenance.path));
    return rows.get(p.provenance.path)![p.provenance.row - 2]!;
  };
  const chosen: DemoPost[] = [...ideas, ...noise]
    .sort((a, b) => order(a.p.id) - order(b.p.id))
    .map(({ p, l }) => {
      const row = rowOf(p);
      if (row.id !== p.provenance.post_id)
        throw new Error(`Row ${p.provenance.row} of ${p.provenance.path} is not ${p.id}`);
      return {
        id: p.id,
        community: p.source,
        title: p.title,
        body: cut(p.body),
        posted_at: new Date(Number(row.created_utc) * 1000).toISOString(),
        label: l.label,
        ...(l.strength ? { strength: l.strength } : {}),
        provenance: {
          ...p.provenance,
          permalink: new URL(row.permalink!, 'https://www.reddit.com').href.replace(/^http:/, 'https:'),
        },
      };
    });
  writeFileSync(DEMO_POSTS_FILE, JSON.stringify(chosen, null, 1) + '\n');
  process.stdout.write(
    `${chosen.length} posts (${ideas.length} ideas, ${noise.length} noise) -> ${path.relative(process.cwd(), DEMO_POSTS_FILE)}\n`,
  );
}

main();
