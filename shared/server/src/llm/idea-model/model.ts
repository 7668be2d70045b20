import { readFileSync } from 'node:fs';
import { encoderFeature, encoderValues, type EncoderSpec } from './encoder';
import { featuresOf, featureValues, type PostFeatures } from './features';
import { INTENT_NAMES, isNoiseIntent, NOISE_INTENT_REASONS, type NoiseIntent } from './intents';

// The idea model at run time: is a post a product idea, and how good a one. It is learned from
// labelled real posts by `npm run train:quality` (worker/src/quality/train.ts) and shipped as
// model.json beside this file; nothing is downloaded. Every number it gives comes with the
// sentences that drove it.

export const SUB_SCORES = ['severity', 'demand', 'monetization', 'implementation'] as const;
export type SubScore = (typeof SUB_SCORES)[number];

export interface LinearWeights {
  bias: number;
  weights: number[];
}

export interface IdeaModelFile {
  version: string;
  trained_on: string;
  /**
   * Which sentences may be quoted as evidence (informative.ts QUOTING_RULE) when the file was
   * made: part of what the version hashes, so a new rule re-scores stored ideas.
   */
  quoting?: string;
  features: string[];
  /**
   * The sentence encoder whose vector the model reads beside words (encoder.ts), as features
   * e:000-e:511; absent, the model reads words and intents only.
   */
  encoder?: EncoderSpec;
  prefilter: LinearWeights & { threshold: number };
  /**
   * A first look on words alone, so the encoder reads only posts that may be ideas: below its
   * threshold a post is dropped unread by the encoder. Its weights are over `features` (the
   * encoder's count for nothing); the threshold is chosen out of fold to let through all but
   * SCREEN_LOSS of the posts the whole model keeps (train.ts).
   */
  screen?: LinearWeights & { threshold: number };
  subscores: Record<SubScore, LinearWeights>;
  /**
   * The profit score: bias plus weighted sub-scores (fitted out of fold, on the kept ideas), then
   * mapped through `calibration`, increasing [raw, shown] knots, so the shown 0-10 score uses the
   * labels' scale (3.5 Low, 5 Medium, 6.5 High, 8 Very High) at the raw values that split the kept posts.
   */
  profit: {
    bias: number;
    weights: Record<SubScore, number>;
    calibration: [number, number][];
    /**
     * Above the last knot (the Very High bound) the score rises toward 10 without reaching it,
     * e-fold by this much raw profit, so the strongest ideas keep their order instead of all
     * showing 10. Absent: flat beyond the last knot.
     */
    tail?: number;
  };
  training: {
    posts: number;
    ideas: number;
    sources: Record<string, { posts: number; ideas: number }>;
    /**
     * Posts labelled by their dataset's authors rather than by the guide (app reviews whose
     * dataset marks feature requests), counting `weight` of a post labelled against the guide in the pre-filter.
     */
    weakly_labelled?: { source: string; posts: number; ideas: number; weight: number };
  };
}

/**
 * Where the calibration puts the labels' lower bounds (Low 3.5, Medium 5, High 6.5, Very High 8),
 * as shares of the kept posts below each: the bottom 15% Speculative, the top 10% Very High. A
 * profit score thus says how an idea ranks among those the model keeps (train.ts fits the knots;
 * the About page says so).
 */
export const PROFIT_LABEL_SHARES: readonly (readonly [share: number, shown: number])[] = [
  [0.15, 3.5],
  [0.45, 5],
  [0.75, 6.5],
  [0.9, 8],
];

export interface IdeaVerdict {
  isIdea: boolean;
  /** The model's probability that the post is an idea, 0..1. */
  probability: number;
  /** Why a post that is not an idea was dropped ("not an idea: hiring post"); null for an idea. */
  reason: string | null;
  subScores: Record<SubScore, number>;
  /** The sub-scores combined by the fitted profit weights, then calibrated, 0..10. */
  profit: number;
  /** Per sub-score, the sentences of the post that raised it most. */
  evidence: Record<SubScore, string[]>;
  modelVersion: string;
  /** Characters of the post that were read (long posts are read up to a bound). */
  readChars: number;
}

/**
 * A post as read for words: made by IdeaModel.read only, so its text and its words always match
 * (assess encodes the text and weighs the words), and never changed after.
 */
export interface ReadPost {
  readonly title: string;
  readonly body: string;
  readonly post: PostFeatures;
  readonly values: ReadonlyMap<string, number>;
}

const MODEL_FILE = new URL('./model.json', import.meta.url);

let loaded: IdeaModel | null = null;

/** The shipped model, loaded once. */
export function ideaModel(): IdeaModel {
  loaded ??= new IdeaModel(JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as IdeaModelFile);
  return loaded;
}

const clamp10 = (v: number) => Math.round(Math.min(10, Math.max(0, v)) * 100) / 100;

export class IdeaModel {
  private readonly index: Map<string, number>;

  constructor(readonly file: IdeaModelFile) {
    this.index = new Map(file.features.map((f, i) => [f, i]));
  }

  get version(): string {
    return this.file.version;
  }

  /** The model's raw score for one linear part over a post's feature values. */
  private linear(part: LinearWeights, values: ReadonlyMap<string, number>): number {
    let s = part.bias;
    for (const [f, v] of values) {
      const i = this.index.get(f);
      if (i !== undefined) s += part.weights[i]! * v;
    }
    return s;
  }

  /**
   * Each sentence's share of one part's score, best first; only sentences that raised it and say
   * something a reader can weigh (a "Thanks!" may lift a score but explains nothing).
   */
  private evidenceFor(part: LinearWeights, post: PostFeatures, values: ReadonlyMap<string, number>): string[] {
    return post.sentences
      .filter((s) => s.quotable)
      .map((s) => ({
        text: s.text,
        lift: s.features.reduce((sum, f) => {
          const i = this.index.get(f);
          return i === undefined ? sum : sum + part.weights[i]! * (values.get(f) ?? 0);
        }, 0),
      }))
      .filter((s) => s.lift > 0)
      .sort((a, b) => b.lift - a.lift)
      .slice(0, 2)
      .map((s) => (s.text.length > 300 ? `${s.text.slice(0, 297).trimEnd()}...` : s.text));
  }

  private whyNot(post: PostFeatures, values: ReadonlyMap<string, number>): string {
    if (!post.sentences.length) return 'not an idea: no text';
    if (!post.english) return 'not an idea: not in English (the model reads English only)';
    return this.dropReason(values);
  }

  private dropReason(values: ReadonlyMap<string, number>): string {
    let worst: { intent: NoiseIntent; weight: number } | null = null;
    for (const intent of INTENT_NAMES) {
      if (!values.has(`i:${intent}`) || !isNoiseIntent(intent)) continue;
      const i = this.index.get(`i:${intent}`);
      const weight = i === undefined ? 0 : this.file.prefilter.weights[i]!;
      if (weight < 0 && (!worst || weight < worst.weight)) worst = { intent, weight };
    }
    return `not an idea: ${worst ? NOISE_INTENT_REASONS[worst.intent] : 'no unmet need found'}`;
  }

  /**
   * A post read once for words: the screen and the whole model share it, so a post the screen lets
   * through is not parsed again.
   */
  read(title: string, body: string): ReadPost {
    const post = featuresOf(title, body);
    return { title, body, post, values: featureValues(post) };
  }

  /**
   * Why a post is dropped on its words alone, before the encoder reads it ("not an idea: hiring
   * post"), or null when the whole model must read it: no text, another language, or the screen's
   * first look below its threshold.
   */
  screenOut({ post, values }: ReadPost): string | null {
    const screen = this.file.screen;
    if (!screen) return null;
    if (!post.sentences.length || !post.english) return this.whyNot(post, values);
    const probability = 1 / (1 + Math.exp(-this.linear(screen, values)));
    return probability < screen.threshold ? this.dropReason(values) : null;
  }

  /** A post's verdict, its opening read by the sentence encoder first when the model has one. */
  async assess(read: ReadPost): Promise<IdeaVerdict>;
  async assess(title: string, body: string): Promise<IdeaVerdict>;
  async assess(postOrTitle: ReadPost | string, body = ''): Promise<IdeaVerdict> {
    const read = typeof postOrTitle === 'string' ? this.read(postOrTitle, body) : postOrTitle;
    const encoder = this.file.encoder;
    return this.verdict(read, encoder ? await encoderValues(read.title, read.body, encoder) : undefined);
  }

  /**
   * A post's verdict from its words and, for a model with an encoder, the vector `encoded`
   * (encoderValues; assess reads it). Kept synchronous for the words: only the encoder waits.
   */
  score(title: string, body: string, encoded?: readonly number[]): IdeaVerdict {
    return this.verdict(this.read(title, body), encoded);
  }

  private verdict({ post, values: words }: ReadPost, encoded?: readonly number[]): IdeaVerdict {
    if (this.file.encoder && !encoded) throw new Error('this idea model reads a sentence vector: call assess()');
    const values = withEncoded(words, encoded);
    const probability = 1 / (1 + Math.exp(-this.linear(this.file.prefilter, values)));
    const isIdea = post.sentences.length > 0 && post.english && probability >= this.file.prefilter.threshold;
    const subScores = {} as Record<SubScore, number>;
    const evidence = {} as Record<SubScore, string[]>;
    for (const k of SUB_SCORES) {
      subScores[k] = clamp10(this.linear(this.file.subscores[k], values));
      evidence[k] = this.evidenceFor(this.file.subscores[k], post, values);
    }
    return {
      isIdea,
      probability: Math.round(probability * 1000) / 1000,
      reason: isIdea ? null : this.whyNot(post, values),
      subScores,
      profit: this.profit(subScores),
      evidence,
      modelVersion: this.version,
      readChars: post.readChars,
    };
  }

  /** The sub-scores combined by the fitted weights, before calibration. */
  rawProfit(subScores: Record<SubScore, number>): number {
    return weightedProfit(this.file.profit, subScores);
  }

  profit(subScores: Record<SubScore, number>): number {
    return clamp10(calibrate(this.file.profit.calibration, this.rawProfit(subScores), this.file.profit.tail));
  }
}

/**
 * A post's feature values with the encoder's (e:000-e:511) added: a new map when there are any,
 * so the words' values stay as read; without, the words' own map.
 */
export function withEncoded(
  values: ReadonlyMap<string, number>,
  encoded?: readonly number[],
): ReadonlyMap<string, number> {
  if (!encoded) return values;
  const all = new Map(values);
  encoded.forEach((v, i) => all.set(encoderFeature(i), v));
  return all;
}

/** Bias plus the weighted sub-scores: the profit before calibration (training fits these weights). */
export function weightedProfit(
  profit: Pick<IdeaModelFile['profit'], 'bias' | 'weights'>,
  subScores: Record<SubScore, number>,
): number {
  return SUB_SCORES.reduce((s, k) => s + profit.weights[k] * subScores[k], profit.bias);
}

/**
 * Piecewise-linear through the knots; flat below the first. Beyond the last, flat, or with a
 * `tail` rising toward 10: last + (10 - last)(1 - e^(-(raw - lastRaw) / tail)).
 */
export function calibrate(knots: [number, number][], raw: number, tail?: number): number {
  if (!knots.length) return raw;
  if (raw <= knots[0]![0]) return knots[0]![1];
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i]!;
    if (raw <= x1) {
      const [x0, y0] = knots[i - 1]!;
      return y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  const [lastX, lastY] = knots.at(-1)!;
  if (!tail) return lastY;
  return lastY + (10 - lastY) * (1 - Math.exp(-(raw - lastX) / tail));
}
