import { z } from 'zod';
import type { ideaEnhancementSchema } from '@ideamine/shared/contract/idea-storm';

// One interface for every language-model provider. Each call is validated against these schemas,
// whatever produced it, so a provider can never write malformed data.

export const enrichmentSchema = z.object({
  summary: z.string().min(1).max(600),
  categories: z.array(z.string()).max(5),
  keywords: z.array(z.string()).max(15),
  tags: z.array(z.string()).max(10),
  key_strengths: z.array(z.string()).max(6),
});
export type Enrichment = z.infer<typeof enrichmentSchema>;

const score10 = z.number().min(0).max(10);
const score5 = z.number().min(0).max(5);
export const analysisSchema = z.object({
  problem_severity_score: score10,
  market_demand_score: score10,
  monetization_score: score10,
  implementation_score: score10,
  business_model_innovation_score: score5,
  technology_innovation_score: score5,
  market_disruption_potential_score: score5,
  approach_novelty_score: score5,
  key_strengths: z.array(z.string()).max(6),
  /**
   * Per profit sub-score, the sentences of the post that drove it ("Why this score"): quotes from
   * the post, up to three each.
   */
  evidence: z
    .object({
      severity: z.array(z.string().max(400)).max(3),
      demand: z.array(z.string().max(400)).max(3),
      monetization: z.array(z.string().max(400)).max(3),
      implementation: z.array(z.string().max(400)).max(3),
    })
    .optional(),
});
export type Analysis = z.infer<typeof analysisSchema>;

export { ideaEnhancementSchema as enhancementSchema } from '@ideamine/shared/contract/idea-storm';
export type Enhancement = z.infer<typeof ideaEnhancementSchema>;

export interface IdeaText {
  title: string;
  body: string;
  summary?: string;
}

export interface CategoryOption {
  slug: string;
  name: string;
  keywords: string[];
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export interface LlmResult<T> {
  value: T;
  usage: Usage;
}

/**
 * The model answered, but not usably (no content, malformed JSON, the wrong shape): a problem
 * of this idea's call, unlike a transport failure (HTTP error, timeout) that would hit every
 * idea. Batches go on with their other ideas after one.
 */
export class LlmOutputError extends Error {
  override readonly name = 'LlmOutputError';
}

/** An idea a batch could not process, with why. */
export interface SkippedIdea<T> {
  item: T;
  error: Error;
}

/** Runs `each` over items; an LlmOutputError skips its item, any other error stops the batch. */
export async function eachIdea<T>(items: T[], each: (item: T) => Promise<void>): Promise<SkippedIdea<T>[]> {
  const skipped: SkippedIdea<T>[] = [];
  for (const item of items) {
    try {
      await each(item);
    } catch (err) {
      if (!(err instanceof LlmOutputError)) throw err;
      skipped.push({ item, error: err });
    }
  }
  return skipped;
}

/** The error a batch fails with after eachIdea skipped some ideas (so the message is retried). */
export function batchFailure(skipped: { error: Error }[], total: number): Error | null {
  if (!skipped.length) return null;
  if (total === 1) return skipped[0]!.error;
  return new Error(`${skipped.length} of ${total} ideas failed; the first: ${skipped[0]!.error.message}`);
}

export interface LlmProvider {
  readonly name: 'local' | 'openai';
  readonly model: string;
  enrich(idea: IdeaText, categories: CategoryOption[]): Promise<LlmResult<Enrichment>>;
  analyse(idea: IdeaText & { categories: string[]; keywords: string[] }): Promise<LlmResult<Analysis>>;
  enhance(idea: IdeaText): Promise<LlmResult<Enhancement>>;
}
