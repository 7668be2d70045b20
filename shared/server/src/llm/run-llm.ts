import { chooseProvider } from './choose-provider';
import type { LlmProvider } from './provider';
import type { AppContext } from '../context';
import { ApiError } from '../errors';

// Interactive LLM work (Idea Storm, profit analysis) runs inside the request: the provider the
// settings choose, with its failures turned into clear envelope errors instead of 500s.

export async function withProvider<T>(app: AppContext, work: (provider: LlmProvider) => Promise<T>): Promise<T> {
  let provider: LlmProvider;
  try {
    provider = await chooseProvider(app.db);
  } catch (err) {
    app.log.error({ err }, 'no LLM provider available');
    throw new ApiError('SERVICE_UNAVAILABLE', 'The analysis service is not configured; please try again later');
  }
  try {
    return await work(provider);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    app.log.warn({ err, provider: provider.name }, 'LLM call failed');
    throw new ApiError('LLM_FAILED');
  }
}
