import { readFileSync } from 'node:fs';
import { profitLabel } from '../scoring';
import { ideaModel, PROFIT_LABEL_SHARES, SUB_SCORES } from './model';

// What the portal's "About the scores" page publishes: which model scores ideas, what it learned
// from, and how it did on posts it never saw (the held-out test split, measured by
// `npm run eval:quality` and written beside the model as evaluation.json).

const EVALUATION_FILE = new URL('./evaluation.json', import.meta.url);

interface EvaluationFile {
  model: string;
  posts: number;
  ideas: number;
  ms_per_post: number;
  prefilter: { precision: number; recall: number; f1: number };
  profit_auc_end_to_end: number;
  profit_auc_among_scored: number;
  spearman_with_strength_end_to_end: number;
  spearman_with_strength_among_scored: number;
  correlation_with_length: number;
  calibration: {
    label: string;
    posts: number;
    share_ideas: number | null;
    strong_ideas: number;
    mean_strength_of_ideas: number | null;
  }[];
  sources: {
    source: string;
    posts: number;
    ideas: number;
    precision: number | null;
    recall: number | null;
    auc: number | null;
  }[];
}

let cached: ReturnType<typeof build> | null = null;

/** Read once: both files ship with the code and change only with a new release. */
export function aboutTheScores() {
  cached ??= build();
  return cached;
}

function build() {
  const model = ideaModel().file;
  const evaluation = JSON.parse(readFileSync(EVALUATION_FILE, 'utf8')) as EvaluationFile;
  return {
    model_version: model.version,
    trained_on: model.trained_on,
    training: {
      posts: model.training.posts,
      ideas: model.training.ideas,
      sources: Object.entries(model.training.sources)
        .map(([source, s]) => ({ source, posts: s.posts, ideas: s.ideas }))
        .sort((a, b) => b.posts - a.posts || a.source.localeCompare(b.source)),
      weakly_labelled: model.training.weakly_labelled ?? null,
    },
    sentence_encoder: model.encoder ? { package: model.encoder.package, words: model.encoder.words } : null,
    profit_weights: SUB_SCORES.map((k) => ({ sub_score: k, weight: model.profit.weights[k] })),
    profit_scale: PROFIT_LABEL_SHARES.map(([share, from]) => ({
      label: profitLabel(from),
      from_score: from,
      kept_below: share,
    })),
    prefilter_threshold: model.prefilter.threshold,
    held_out: {
      /** The model the figures were measured on; differs from model_version until evaluated again. */
      model_version: evaluation.model,
      posts: evaluation.posts,
      ideas: evaluation.ideas,
      precision: evaluation.prefilter.precision,
      recall: evaluation.prefilter.recall,
      f1: evaluation.prefilter.f1,
      auc_end_to_end: evaluation.profit_auc_end_to_end,
      auc_among_scored: evaluation.profit_auc_among_scored,
      spearman_with_strength: evaluation.spearman_with_strength_among_scored,
      correlation_with_length: evaluation.correlation_with_length,
      ms_per_post: evaluation.ms_per_post,
      calibration: evaluation.calibration,
      sources: evaluation.sources.map((s) => ({
        source: s.source,
        posts: s.posts,
        ideas: s.ideas,
        precision: s.precision,
        recall: s.recall,
        auc: s.auc,
      })),
    },
  };
}
