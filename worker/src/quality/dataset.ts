import { existsSync } from 'node:fs';
import { LABELS_FILE, type LabelledRow } from './assemble';
import { readJsonl } from './jsonl';
import { POSTS_FILE, type Post } from './posts';

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
