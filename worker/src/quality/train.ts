import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { featuresOf, featureValues } from '@ideamine/server/llm/idea-model/features';
import { IdeaModel, SUB_SCORES, type IdeaModelFile, type SubScore } from '@ideamine/server/llm/idea-model/model';
import { LABELS_FILE } from './assemble';
import { loadDataset, type LabelledPost } from './dataset';
import { dot, fit, sigmoid, type Example, type Linear } from './fit';
import { precisionRecall, rocAuc } from './metrics';

// `npm run train:quality`: learns the idea model from the labelled posts and writes
// shared/server/src/llm/idea-model/model.json. Training uses the train split only; the penalty,
// the pre-filter's threshold and the profit weights are chosen on the validation split; the test
// split is never read here (worker/src/quality/evaluate.ts measures it). Deterministic: the same
// labels give the same file, version included.

const MODEL_FILE = path.resolve(import.meta.dirname, '../../../shared/server/src/llm/idea-model/model.json');
/** A word or phrase must occur in this many training posts to become a feature. */
const MIN_POSTS = 5;
const PENALTIES = [0.0001, 0.0003, 0.001, 0.003];
/** Intents and the length band are penalised this much less than words: a handful of meant signals. */
const FLAG_PENALTY_SCALE = 0.1;
/** The pre-filter must keep noise out this well on validation; among thresholds that do, recall decides. */
const TARGET_PRECISION = 0.85;
/**
 * Where the calibration puts the labels' lower bounds (Low 3.5, Medium 5, High 6.5, Very High 8),
 * as shares of validation's kept posts below each: the bottom 15% Speculative, the top 10% Very High.
 */
const LABEL_KNOTS: [share: number, shown: number][] = [
  [0.15, 3.5],
  [0.45, 5],
  [0.75, 6.5],
  [0.9, 8],
];
/** What the profit score aims at: noise low, ideas by strength (the spec's labels: Medium, High, Very High). */
const PROFIT_TARGET = (p: LabelledPost) => (p.label === 'noise' ? 1.5 : 3 + 2 * p.strength!);

type Vectorised = { post: LabelledPost; indices: number[]; values: number[] };

function vocabulary(train: LabelledPost[]): string[] {
  const postsWith = new Map<string, number>();
  for (const p of train)
    for (const f of featureValues(featuresOf(p.title, p.body)).keys()) postsWith.set(f, (postsWith.get(f) ?? 0) + 1);
  return [...postsWith]
    .filter(([f, n]) => n >= MIN_POSTS || f.startsWith('i:') || f.startsWith('len:'))
    .map(([f]) => f)
    .sort();
}

function vectorise(posts: LabelledPost[], index: Map<string, number>): Vectorised[] {
  return posts.map((post) => {
    const indices: number[] = [];
    const values: number[] = [];
    for (const [f, v] of featureValues(featuresOf(post.title, post.body))) {
      const i = index.get(f);
      if (i !== undefined) {
        indices.push(i);
        values.push(v);
      }
    }
    return { post, indices, values };
  });
}

/** Ideas and noise weigh the same in total, so the scarce class is not ignored. */
function balanced(rows: Vectorised[]): Example[] {
  const ideas = rows.filter((r) => r.post.label === 'idea').length;
  const noise = rows.length - ideas;
  return rows.map((r) => ({
    indices: r.indices,
    values: r.values,
    target: r.post.label === 'idea' ? 1 : 0,
    weight: r.post.label === 'idea' ? rows.length / (2 * ideas) : rows.length / (2 * noise),
  }));
}

const penaltyScales = (names: string[]) =>
  Float64Array.from(names, (f) => (f.startsWith('i:') || f.startsWith('len:') ? FLAG_PENALTY_SCALE : 1));

function trainPrefilter(train: Vectorised[], validation: Vectorised[], names: string[]) {
  const features = names.length;
  let best: { model: Linear; auc: number; l2: number } | null = null;
  for (const l2 of PENALTIES) {
    const model = fit(balanced(train), {
      features,
      l2,
      loss: 'logistic',
      iterations: 800,
      penaltyScale: penaltyScales(names),
    });
    const auc = rocAuc(
      validation.map((r) => dot(model, r.indices, r.values)),
      validation.map((r) => r.post.label === 'idea'),
    );
    if (!best || auc > best.auc) best = { model, auc, l2 };
  }
  const model = best!.model;
  const probs = validation.map((r) => sigmoid(dot(model, r.indices, r.values)));
  const actual = validation.map((r) => r.post.label === 'idea');
  const candidates = [...new Set(probs.map((p) => Math.round(p * 1000) / 1000))].sort((a, b) => a - b);
  const scored = candidates.map((t) => ({
    t,
    ...precisionRecall(
      probs.map((p) => p >= t),
      actual,
    ),
  }));
  const precise = scored.filter((s) => s.precision >= TARGET_PRECISION);
  const chosen = (precise.length ? precise : scored).reduce((a, b) =>
    (precise.length ? b.recall > a.recall : b.f1 > a.f1) ? b : a,
  );
  return { model, threshold: chosen.t, l2: best!.l2, validation: { auc: best!.auc, ...chosen } };
}

/** A sub-score's target: the labelled value for an idea that has one, 0 for noise (no need, nothing to score). */
const subScoreTarget = (p: LabelledPost, k: SubScore): number | null => (p.label === 'noise' ? 0 : p[k]);

function trainSubScore(train: Vectorised[], validation: Vectorised[], features: number, k: SubScore) {
  const examples = (rows: Vectorised[]) =>
    rows.flatMap((r) => {
      const target = subScoreTarget(r.post, k);
      return target === null ? [] : [{ indices: r.indices, values: r.values, target }];
    });
  const fitOn = examples(train);
  const v = examples(validation);
  let best: { model: Linear; error: number } | null = null;
  for (const l2 of PENALTIES) {
    const model = fit(fitOn, { features, l2, loss: 'squared', iterations: 800 });
    const error = Math.sqrt(v.reduce((s, e) => s + (dot(model, e.indices, e.values) - e.target) ** 2, 0) / v.length);
    if (!best || error < best.error) best = { model, error };
  }
  return best!.model;
}

/**
 * The profit weights: least squares on validation, kept non-negative (a sub-score may count for
 * nothing, never against an idea): a sub-score whose weight comes out negative is dropped and the
 * rest fitted again.
 */
function fitProfit(examples: Example[]): Omit<IdeaModelFile['profit'], 'calibration'> {
  let kept = [0, 1, 2, 3];
  for (;;) {
    const model = fit(
      examples.map((e) => ({
        indices: kept.map((_, j) => j),
        values: kept.map((i) => e.values[i]!),
        target: e.target,
      })),
      { features: kept.length, l2: 0, loss: 'squared', iterations: 3000, learningRate: 0.02 },
    );
    const negative = kept.filter((_, j) => model.weights[j]! < 0);
    if (!negative.length || kept.length === 1) {
      const weights = Object.fromEntries(SUB_SCORES.map((k) => [k, 0])) as Record<SubScore, number>;
      kept.forEach((i, j) => (weights[SUB_SCORES[i]!] = round5(Math.max(0, model.weights[j]!))));
      return { bias: round5(model.bias), weights };
    }
    kept = kept.filter((i) => !negative.includes(i));
  }
}

/**
 * Knots mapping raw profit onto the shown scale: 0 stays 0, each label's bound sits at its share
 * of the kept posts, and the highest raw value seen reaches 10. Raw values too close together
 * to tell apart are merged, so the map always rises.
 */
function calibrationKnots(rawKept: number[]): [number, number][] {
  const sorted = [...rawKept].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  const knots: [number, number][] = [[0, 0]];
  for (const [share, shown] of LABEL_KNOTS) knots.push([round5(at(share)), shown]);
  knots.push([round5(Math.max(sorted.at(-1)!, at(0.9) + 0.5)), 10]);
  return knots.filter((k, i) => i === 0 || k[0] > knots[i - 1]![0] + 1e-3);
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
const weightsOf = (m: Linear) => ({ bias: round5(m.bias), weights: Array.from(m.weights, round5) });

function labelsDate(): string {
  try {
    return execFileSync('git', ['log', '-1', '--format=%cs', '--', LABELS_FILE]).toString().trim() || 'uncommitted';
  } catch {
    return 'uncommitted';
  }
}

export function train(): IdeaModelFile {
  const all = loadDataset();
  const trainPosts = all.filter((p) => p.split === 'train');
  const validationPosts = all.filter((p) => p.split === 'validation');
  const features = vocabulary(trainPosts);
  const index = new Map(features.map((f, i) => [f, i]));
  const trainRows = vectorise(trainPosts, index);
  const validationRows = vectorise(validationPosts, index);

  const prefilter = trainPrefilter(trainRows, validationRows, features);
  const subscores = Object.fromEntries(
    SUB_SCORES.map((k) => [k, weightsOf(trainSubScore(trainRows, validationRows, features.length, k))]),
  ) as IdeaModelFile['subscores'];

  // The profit weights: the sub-scores as the model gives them on validation, fitted to the target.
  const draft: IdeaModelFile = {
    version: 'draft',
    trained_on: labelsDate(),
    features,
    prefilter: { ...weightsOf(prefilter.model), threshold: prefilter.threshold },
    subscores,
    profit: {
      bias: 0,
      weights: { severity: 0.25, demand: 0.25, monetization: 0.25, implementation: 0.25 },
      calibration: [],
    },
    training: { posts: trainPosts.length, ideas: trainPosts.filter((p) => p.label === 'idea').length, sources: {} },
  };
  const model = new IdeaModel(draft);
  const profitExamples: Example[] = validationPosts.map((p) => {
    const s = model.score(p.title, p.body).subScores;
    return { indices: [0, 1, 2, 3], values: SUB_SCORES.map((k) => s[k]), target: PROFIT_TARGET(p) };
  });
  draft.profit = { ...fitProfit(profitExamples), calibration: [] };
  draft.profit.calibration = calibrationKnots(
    validationPosts
      .map((p) => model.score(p.title, p.body))
      .filter((v) => v.isIdea)
      .map((v) => model.rawProfit(v.subScores)),
  );

  for (const p of trainPosts) {
    const s = (draft.training.sources[p.source] ??= { posts: 0, ideas: 0 });
    s.posts++;
    if (p.label === 'idea') s.ideas++;
  }
  const body = JSON.stringify({ ...draft, version: '' });
  draft.version = `idea-model-${createHash('sha256').update(body).digest('hex').slice(0, 10)}`;
  console.log(
    `${features.length} features; pre-filter penalty ${prefilter.l2}, threshold ${prefilter.threshold}: validation ` +
      `AUC ${prefilter.validation.auc.toFixed(3)}, precision ${prefilter.validation.precision.toFixed(3)}, recall ${prefilter.validation.recall.toFixed(3)}`,
  );
  console.log(
    `profit = ${draft.profit.bias} + ${SUB_SCORES.map((k) => `${draft.profit.weights[k]} ${k}`).join(' + ')}`,
  );
  return draft;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const model = train();
  writeFileSync(MODEL_FILE, JSON.stringify(model) + '\n');
  console.log(`${model.version} -> ${path.relative(process.cwd(), MODEL_FILE)}`);
}
