import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '@ideamine/server/config';
import { resolveDatabase } from '@ideamine/server/db/resolve-database';
import { withScratchDatabase } from '@ideamine/server/db/scratch-database';
import { LocalProvider } from '@ideamine/server/llm/local';
import type { CategoryOption } from '@ideamine/server/llm/provider';
import { loadDataset, type LabelledPost } from './dataset';
import { readJsonl } from './jsonl';
import { round3 } from './metrics';

// `npm run eval:categories [-- --split dev]`: how well the local provider files ideas under the
// categories a fresh install seeds, against ideas labelled by hand (worker/quality/
// CATEGORIES-GUIDE.md, category-labels.jsonl). It runs the provider's real enrichment on each
// labelled idea's title and body and prints precision and recall over the (idea, category)
// pairs, how many ideas get no category, each category's figures and the worst misses. The
// held-out `test` half is measured by default; `dev` is the half keyword changes are chosen on.

export const CATEGORY_LABELS_FILE = path.resolve(import.meta.dirname, '../../quality/category-labels.jsonl');

export interface CategoryLabel {
  id: string;
  /** Which half: keyword changes are chosen on `dev`, `test` is only measured. */
  split: 'dev' | 'test';
  categories: string[];
  reason: string;
}

/** The categories a fresh install has: a scratch database, migrated, read and dropped. */
async function seededCategories(): Promise<CategoryOption[]> {
  const server = await resolveDatabase(loadConfig(), pino({ level: 'warn' }));
  try {
    return await withScratchDatabase(server.url, 'ideamine_eval_categories', async (pool) => {
      return (await pool.query<CategoryOption>('SELECT slug, name, keywords FROM categories ORDER BY slug')).rows;
    });
  } finally {
    await server.stop();
  }
}

interface Filed {
  post: LabelledPost;
  gold: string[];
  predicted: string[];
}

export function categoryFigures(filed: Filed[], slugs: string[]) {
  let right = 0;
  let predictedPairs = 0;
  let goldPairs = 0;
  for (const f of filed) {
    right += f.predicted.filter((c) => f.gold.includes(c)).length;
    predictedPairs += f.predicted.length;
    goldPairs += f.gold.length;
  }
  const withGold = filed.filter((f) => f.gold.length);
  const precision = predictedPairs ? right / predictedPairs : NaN;
  const recall = goldPairs ? right / goldPairs : NaN;
  return {
    ideas: filed.length,
    precision: round3(precision),
    recall: round3(recall),
    f1: round3((2 * precision * recall) / (precision + recall)),
    /** Of the ideas that fit some category, the share whose first category shown is one of them. */
    first_right: round3(
      withGold.filter((f) => f.predicted[0] && f.gold.includes(f.predicted[0])).length / withGold.length,
    ),
    /** Of the ideas that fit some category, the share filed under none (a visitor never finds them by category). */
    unfiled: round3(withGold.filter((f) => !f.predicted.length).length / withGold.length),
    by_category: Object.fromEntries(
      slugs.map((slug) => {
        const predicted = filed.filter((f) => f.predicted.includes(slug));
        const gold = filed.filter((f) => f.gold.includes(slug));
        const both = predicted.filter((f) => f.gold.includes(slug)).length;
        return [slug, { gold: gold.length, filed: predicted.length, right: both }];
      }),
    ),
  };
}

async function main() {
  const { values } = parseArgs({ options: { split: { type: 'string', default: 'test' } } });
  if (values.split !== 'dev' && values.split !== 'test') throw new Error('--split is dev or test');
  const posts = new Map(loadDataset().map((p) => [p.id, p]));
  const labels = readJsonl<CategoryLabel>(CATEGORY_LABELS_FILE).filter((l) => l.split === values.split);
  const options = await seededCategories();
  const provider = new LocalProvider();
  const filed: Filed[] = [];
  for (const label of labels) {
    const post = posts.get(label.id);
    if (!post) throw new Error(`No text for ${label.id}: run \`npm run quality:posts\` again.`);
    const { value } = await provider.enrich({ title: post.title, body: post.body }, options);
    filed.push({ post, gold: label.categories, predicted: value.categories });
  }
  const figures = categoryFigures(
    filed,
    options.map((o) => o.slug),
  );
  console.log(`Categories, ${values.split} half, ${filed.length} labelled ideas:`);
  console.log(JSON.stringify({ ...figures, by_category: undefined }));
  for (const [slug, c] of Object.entries(figures.by_category))
    console.log(
      `  ${slug.padEnd(16)} labelled ${String(c.gold).padStart(3)}, filed ${String(c.filed).padStart(3)}, right ${c.right}`,
    );
  const misses = filed
    .map((f) => ({
      f,
      wrong: f.predicted.filter((c) => !f.gold.includes(c)),
      missed: f.gold.filter((c) => !f.predicted.includes(c)),
    }))
    .filter((m) => m.wrong.length + m.missed.length > 0)
    .sort((a, b) => b.wrong.length + b.missed.length - (a.wrong.length + a.missed.length));
  console.log(`Misses (${misses.length} ideas), the first 15:`);
  for (const m of misses.slice(0, 15))
    console.log(
      `  ${m.f.post.title.slice(0, 70)} | filed ${m.f.predicted.join(',') || '-'} | labelled ${m.f.gold.join(',') || '-'}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
