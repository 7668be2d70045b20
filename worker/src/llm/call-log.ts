import type { Db } from '@ideamine/api/db/database';
import type { LlmProvider, LlmResult } from './provider';

/** Runs one provider call and records it (provider, model, purpose, tokens, latency, status, cost). */
export async function recordedCall<T>(
  db: Db,
  provider: LlmProvider,
  purpose: string,
  knowledgeId: number | null,
  call: () => Promise<LlmResult<T>>,
): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    await db
      .insertInto('llm_calls')
      .values({
        provider: provider.name,
        model: provider.model,
        purpose,
        knowledge_id: knowledgeId,
        prompt_tokens: result.usage.promptTokens,
        completion_tokens: result.usage.completionTokens,
        total_tokens: result.usage.promptTokens + result.usage.completionTokens,
        latency_ms: Math.round(performance.now() - started),
        status: 'ok',
        cost_usd: result.usage.costUsd,
      })
      .execute();
    return result.value;
  } catch (err) {
    await db
      .insertInto('llm_calls')
      .values({
        provider: provider.name,
        model: provider.model,
        purpose,
        knowledge_id: knowledgeId,
        latency_ms: Math.round(performance.now() - started),
        status: 'error',
        error: (err as Error).message.slice(0, 2000),
      })
      .execute();
    throw err;
  }
}
