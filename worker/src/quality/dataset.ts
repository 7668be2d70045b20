import { existsSync } from 'node:fs';
import { LABELS_FILE, type LabelledRow } from './assemble';
import { readJsonl } from './jsonl';
import { POSTS_FILE, WEAK_FILE, type Post, type WeakPost } from './posts';

// The labelled dataset with its text: labels.jsonl (committed) joined with the posts read back
// from the datasets' snapshots (data/quality/posts.jsonl, made by `npm run quality:posts`).

export type LabelledPost = LabelledRow & Pick<Post, 'title' | 'body'>;

export function loadDataset(): LabelledPost[] {
  if (!existsSync(POSTS_FILE))
    throw new Error(`${POSTS_FILE} is missing: run \`npm run quality:posts\` (it reads the datasets' git snapshots).`);
  const posts = new Map(readJsonl<Post>(POSTS_FILE).map((p) => [p.id, p]));
  return readJsonl<LabelledRow>(LABELS_FILE).map((row) => {
    const post = posts.get(row.id);
    if (!post) throw new Error(`No text for ${row.id}: run \`npm run quality:posts\` again.`);
    return { ...row, title: post.title, body: post.body };
  });
}

/**
 * The reviews labelled by their dataset's authors (`weakReviews` in posts.ts), as training posts
 * with no strength or sub-scores: they teach the pre-filter only, and count for less than a
 * hand-labelled post (train.ts).
 */
export function loadWeaklyLabelled(): LabelledPost[] {
  if (!existsSync(WEAK_FILE))
    throw new Error(`${WEAK_FILE} is missing: run \`npm run quality:posts\` (it reads the datasets' git snapshots).`);
  return readJsonl<WeakPost>(WEAK_FILE).map((p) => ({
    id: p.id,
    source: p.source,
    genre: p.genre,
    split: 'train',
    provenance: p.provenance,
    label: p.label,
    strength: null,
    severity: null,
    demand: null,
    monetization: null,
    implementation: null,
    reason: `the dataset's label: ${p.dataset_label}`,
    title: p.title,
    body: p.body,
  }));
}
