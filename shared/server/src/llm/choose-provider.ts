import type { Db } from '../db/database';
import { readSetting } from '../commands/settings';
import { LocalProvider } from './local';
import { OpenAiProvider } from './openai';
import type { LlmProvider } from './provider';

const local = new LocalProvider();

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
  });
}
