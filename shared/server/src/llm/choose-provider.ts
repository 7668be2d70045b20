import type { Db } from '../db/database';
import { readSetting } from '../commands/settings';
import { guardedEndpointFetch, type EndpointPolicy } from '../net/endpoint-policy';
import { LocalProvider } from './local';
import { OpenAiProvider } from './openai';
import type { LlmProvider } from './provider';

const local = new LocalProvider();

/** One guarded fetch (and connection pool) per policy, shared by every provider built. */
const guardedFetches = new Map<boolean, typeof fetch>();
function fetchFor(policy: EndpointPolicy): typeof fetch {
  let guarded = guardedFetches.get(policy.allowPrivate);
  if (!guarded) guardedFetches.set(policy.allowPrivate, (guarded = guardedEndpointFetch(policy)));
  return guarded;
}

/**
 * Whether the OpenAI-compatible base URL may be a loopback or private address: the
 * llm.allow_private_base_url setting, or LLM_ALLOW_PRIVATE_BASE_URL=true where the base URL
 * itself comes from the environment.
 */
export async function llmEndpointPolicy(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<EndpointPolicy> {
  return {
    flag: 'llm.allow_private_base_url',
    allowPrivate: env.LLM_ALLOW_PRIVATE_BASE_URL === 'true' || (await readSetting(db, 'llm.allow_private_base_url')),
  };
}

/** The provider the settings ask for; openai needs OPENAI_API_KEY (or LLM_API_KEY) in the environment. */
export async function chooseProvider(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<LlmProvider> {
  if ((await readSetting(db, 'llm.provider')) !== 'openai') return local;
  const apiKey = env.OPENAI_API_KEY ?? env.LLM_API_KEY;
  if (!apiKey) throw new Error('llm.provider is openai but OPENAI_API_KEY is not set');
  return new OpenAiProvider({
    baseURL: env.OPENAI_BASE_URL ?? (await readSetting(db, 'llm.openai_base_url')),
    model: env.OPENAI_MODEL ?? (await readSetting(db, 'llm.openai_model')),
    apiKey,
    // A silent endpoint holds a worker (or an Idea Storm request) up to 4 times this: operators choose.
    timeoutMs: (await readSetting(db, 'llm.timeout_seconds')) * 1000,
    // The key goes wherever the base URL points: every connection passes the address policy.
    fetch: fetchFor(await llmEndpointPolicy(db, env)),
  });
}
