import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LocalProvider } from '@ideamine/server/llm/local';
import { OpenAiProvider } from '@ideamine/server/llm/openai';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { escapeMarkup } from '@ideamine/shared/escape';
import type { LlmProvider } from '@ideamine/server/llm/provider';
import { profitLabel, scoreColumns } from '@ideamine/server/llm/scoring';
import { extractItems } from '../transform/extract';
import { filterIdeas } from '../transform/idea-filter';
import { loadDataset, type LabelledPost } from './dataset';
import { pearson, precisionRecall, rocAuc, round3, spearman } from './metrics';
import type { Split } from './split';

// `npm run eval:quality [-- --split validation] [--provider openai]`: the idea pipeline as it
// runs in production, measured on labelled posts. Each post goes in as an RSS item and through
// the real functions: the transform's feed parser and pre-filter, then the provider's enrichment
// and analysis, then the profit score. By default it measures the held-out test split, which
// training never reads; `--split validation` is for trying changes. The test figures of the
// local provider are written beside the model (idea-model/evaluation.json), which the portal's
// "About the scores" page publishes.

const EVALUATION_FILE = path.resolve(import.meta.dirname, '../../../shared/server/src/llm/idea-model/evaluation.json');
const PROFIT_LABELS = ['Very High', 'High', 'Medium', 'Low', 'Speculative'] as const;

interface Outcome {
  post: LabelledPost;
  kept: boolean;
  dropReason: string | null;
  profit: number | null;
}

/** The post as a feed would carry it: one RSS item, its body as HTML paragraphs. */
function asFeed(post: LabelledPost): string {
  const html = post.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeMarkup(p)}</p>`)
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Evaluation</title><link>https://eval.ideamine.test/</link><item><title>${escapeMarkup(post.title)}</title><link>https://eval.ideamine.test/${encodeURIComponent(post.id)}</link><description>${escapeMarkup(html)}</description></item></channel></rss>`;
}

async function run(post: LabelledPost, provider: LlmProvider): Promise<Outcome> {
  const items = extractItems(
    { content: asFeed(post), contentType: 'application/rss+xml', url: 'https://eval.ideamine.test/feed.xml' },
    null,
  );
  const { ideas, dropped } = await filterIdeas(items);
  const item = ideas[0]?.item;
  if (!item) return { post, kept: false, dropReason: dropped[0]?.reason ?? 'no item', profit: null };
  const enrichment = (await provider.enrich(item, [])).value;
  const analysis = (
    await provider.analyse({
      ...item,
      summary: enrichment.summary,
      categories: enrichment.categories,
      keywords: enrichment.keywords,
    })
  ).value;
  return { post, kept: true, dropReason: null, profit: scoreColumns(analysis).profit_score };
}

/** End to end, a dropped post ranks below every scored one. */
const endToEnd = (o: Outcome) => (o.kept ? o.profit! : -1);

function report(outcomes: Outcome[]) {
  const isIdea = outcomes.map((o) => o.post.label === 'idea');
  const filter = precisionRecall(
    outcomes.map((o) => o.kept),
    isIdea,
  );
  const scored = outcomes.filter((o) => o.kept);
  const ideas = outcomes.filter((o) => o.post.label === 'idea');
  const scoredIdeas = scored.filter((o) => o.post.label === 'idea');
  const calibration = [...PROFIT_LABELS, 'dropped'].map((label) => {
    const inLabel = outcomes.filter((o) => (o.kept ? profitLabel(o.profit!) === label : label === 'dropped'));
    const its = inLabel.filter((o) => o.post.label === 'idea');
    return {
      label,
      posts: inLabel.length,
      share_ideas: round3(its.length / inLabel.length),
      strong_ideas: its.filter((o) => o.post.strength! >= 2).length,
      mean_strength_of_ideas: round3(its.reduce((s, o) => s + o.post.strength!, 0) / its.length),
    };
  });
  const sources = [...new Set(outcomes.map((o) => o.post.source))].sort().map((source) => {
    const mine = outcomes.filter((o) => o.post.source === source);
    const pr = precisionRecall(
      mine.map((o) => o.kept),
      mine.map((o) => o.post.label === 'idea'),
    );
    return {
      source,
      posts: mine.length,
      ideas: mine.filter((o) => o.post.label === 'idea').length,
      kept: mine.filter((o) => o.kept).length,
      precision: round3(pr.precision),
      recall: round3(pr.recall),
      auc: round3(
        rocAuc(
          mine.map(endToEnd),
          mine.map((o) => o.post.label === 'idea'),
        ),
      ),
    };
  });
  const mistake = (o: Outcome) => ({
    id: o.post.id,
    source: o.post.source,
    label: o.post.label,
    strength: o.post.strength,
    outcome: o.kept ? `scored ${o.profit} (${profitLabel(o.profit!)})` : o.dropReason,
    labelled_because: o.post.reason,
  });
  return {
    posts: outcomes.length,
    ideas: ideas.length,
    prefilter: { precision: round3(filter.precision), recall: round3(filter.recall), f1: round3(filter.f1) },
    profit_auc_end_to_end: round3(rocAuc(outcomes.map(endToEnd), isIdea)),
    profit_auc_among_scored: round3(
      rocAuc(
        scored.map((o) => o.profit!),
        scored.map((o) => o.post.label === 'idea'),
      ),
    ),
    spearman_with_strength_end_to_end: round3(
      spearman(
        ideas.map(endToEnd),
        ideas.map((o) => o.post.strength!),
      ),
    ),
    spearman_with_strength_among_scored: round3(
      spearman(
        scoredIdeas.map((o) => o.profit!),
        scoredIdeas.map((o) => o.post.strength!),
      ),
    ),
    correlation_with_length: round3(
      pearson(
        scored.map((o) => o.profit!),
        scored.map((o) => o.post.title.length + o.post.body.length),
      ),
    ),
    calibration,
    sources,
    worst_noise_kept: outcomes
      .filter((o) => o.post.label === 'noise' && o.kept)
      .sort((a, b) => b.profit! - a.profit!)
      .slice(0, 10)
      .map(mistake),
    worst_ideas_missed: ideas
      .filter((o) => !o.kept)
      .sort((a, b) => b.post.strength! - a.post.strength! || a.post.id.localeCompare(b.post.id))
      .slice(0, 10)
      .map(mistake),
  };
}

export function providerFrom(name: string, env: NodeJS.ProcessEnv = process.env): LlmProvider {
  if (name === 'local') return new LocalProvider();
  if (name !== 'openai') throw new Error(`--provider must be local or openai, not ${name}`);
  const apiKey = env.OPENAI_API_KEY ?? env.LLM_API_KEY;
  if (!apiKey || !env.OPENAI_BASE_URL)
    throw new Error('--provider openai needs OPENAI_BASE_URL and OPENAI_API_KEY (any OpenAI-compatible server)');
  return new OpenAiProvider({ baseURL: env.OPENAI_BASE_URL, apiKey, model: env.OPENAI_MODEL ?? 'gpt-4o-mini' });
}

/** The report on one split of the labelled dataset. */
export const evaluate = (split: Split, provider: LlmProvider) =>
  evaluatePosts(
    loadDataset().filter((p) => p.split === split),
    split,
    provider,
  );

export async function evaluatePosts(posts: LabelledPost[], split: string, provider: LlmProvider) {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  for (const post of posts) outcomes.push(await run(post, provider));
  // One core, one post at a time, feed parsing included: what a post costs the worker.
  const msPerPost = (performance.now() - started) / posts.length;
  return {
    ms_per_post: Math.round(msPerPost * 100) / 100,
    split,
    provider: provider.name,
    model: provider.model,
    ...report(outcomes),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'test' },
      provider: { type: 'string', default: 'local' },
    },
  });
  if (!['train', 'validation', 'test'].includes(values.split!))
    throw new Error('--split must be train, validation or test');
  const result = await evaluate(values.split as Split, providerFrom(values.provider!));
  const { sources, calibration, worst_noise_kept, worst_ideas_missed, ...headline } = result;
  console.log(JSON.stringify(headline, null, 2));
  console.table(calibration);
  console.table(sources);
  console.log('Noise kept, highest scored:');
  console.table(worst_noise_kept);
  console.log('Ideas missed, strongest:');
  console.table(worst_ideas_missed);
  if (values.split === 'test' && values.provider === 'local') {
    writeFileSync(
      EVALUATION_FILE,
      JSON.stringify({ ...result, trained_on: ideaModel().file.trained_on }, null, 2) + '\n',
    );
    console.log(`-> ${path.relative(process.cwd(), EVALUATION_FILE)}`);
  }
}
