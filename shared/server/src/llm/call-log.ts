import type { Db } from '../db/database';
import type { LlmProvider, LlmResult, Usage } from './provider';

/** Runs one provider call and records it (provider, model, purpose, tokens, latency, status, cost). */
export async function recordedCall<T>(
  db: Db,
  provider: LlmProvider,
  purpose: string,
  knowledgeId: number | null,
  call: () => Promise<LlmResult<T>>,
): Promise<T> {
  const started = performance.now();
  let outcome: { result: LlmResult<T> } | { error: Error };
  try {
    outcome = { result: await call() };
  } catch (err) {
    outcome = { error: err as Error };
  }
  const usage: Usage | undefined = 'result' in outcome ? outcome.result.usage : undefined;
  await db
    .insertInto('llm_calls')
    .values({
      provider: provider.name,
      model: provider.model,
      purpose,
      knowledge_id: knowledgeId,
      prompt_tokens: usage?.promptTokens ?? 0,
      completion_tokens: usage?.completionTokens ?? 0,
      total_tokens: (usage?.promptTokens ?? 0) + (usage?.completionTokens ?? 0),
      latency_ms: Math.round(performance.now() - started),
      status: 'result' in outcome ? 'ok' : 'error',
      error: 'error' in outcome ? outcome.error.message.slice(0, 2000) : null,
      cost_usd: usage?.costUsd ?? 0,
    })
    .execute();
  if ('error' in outcome) throw outcome.error;
  return outcome.result.value;
}
