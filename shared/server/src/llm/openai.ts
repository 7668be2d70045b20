import OpenAI from 'openai';
import { z } from 'zod';
import {
  analysisSchema,
  enhancementSchema,
  enrichmentSchema,
  type Analysis,
  type Enhancement,
  type CategoryOption,
  type Enrichment,
  type IdeaText,
  type LlmProvider,
  type LlmResult,
  LlmOutputError,
} from './provider';
import { keepVerbatimQuotes } from './verbatim-quotes';

// Any OpenAI-compatible chat completions endpoint. The reply must be JSON matching a schema we
// send (structured output) and is validated again by zod; a reply that is not is asked for once
// more. The SDK retries transport errors with backoff.

/** USD per million tokens (input, output) for models we know; others are recorded at 0. */
const PRICES: Record<string, [number, number]> = {
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o': [2.5, 10],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1': [2, 8],
};

const MAX_INPUT_CHARS = 12_000;

export interface OpenAiOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** How requests are sent; chooseProvider passes one that enforces the endpoint address policy. */
  fetch?: typeof fetch;
}

export class OpenAiProvider implements LlmProvider {
  readonly name = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;

  constructor(opts: OpenAiOptions) {
    this.model = opts.model;
    this.client = new OpenAI({
      baseURL: opts.baseURL,
      apiKey: opts.apiKey,
      timeout: opts.timeoutMs ?? 60_000,
      maxRetries: opts.maxRetries ?? 3,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
  }

  enrich(idea: IdeaText, categories: CategoryOption[]): Promise<LlmResult<Enrichment>> {
    const list = categories.map((c) => `${c.slug} (${c.name})`).join(', ');
    return this.complete(
      'enrichment',
      enrichmentSchema,
      [
        'You summarise product ideas found on the web for an idea-discovery product.',
        'Reply with JSON only. summary: two sentences. categories: up to 3 slugs chosen only from this list: ' +
          list +
          '.',
        'keywords: up to 12 single words or short phrases. tags: up to 6. key_strengths: up to 5 short phrases on why the idea could make money.',
      ].join(' '),
      idea,
    );
  }

  async analyse(idea: IdeaText & { categories: string[]; keywords: string[] }): Promise<LlmResult<Analysis>> {
    const result = await this.complete(
      'analysis',
      analysisSchema,
      [
        'You score the profit potential of product ideas. Reply with JSON only.',
        // The rubric of the labelling guide (worker/quality/GUIDE.md), judged from the post alone,
        // so these sub-scores sit on the scale the idea model's profit weights were fitted to.
        'Judge from the text alone, scores from 0 to 10:',
        'problem_severity_score: how much the problem hurts the people who have it (10: costs money or hours every week; 2: a mild annoyance);',
        'market_demand_score: how many people or businesses have it (10: most small businesses; 2: a hobby niche);',
        'monetization_score: how clearly someone would pay (10: says they would pay, or a business cost is saved; 2: people expect it free; 1: nothing suggests payment);',
        'implementation_score: how easy it is to build (10: a simple web app; 2: needs hardware, data no one has, or regulation).',
        'Most posts are modest: keep high scores for what the text itself shows.',
        'Scores from 0 to 5: business_model_innovation_score, technology_innovation_score, market_disruption_potential_score, approach_novelty_score.',
        'key_strengths: up to 5 short phrases.',
        'evidence: for each of severity, demand, monetization and implementation, up to 2 sentences copied word for word from the text that most support that score (empty when none does).',
      ].join(' '),
      idea,
    );
    const { evidence } = result.value;
    if (!evidence) return result;
    // What the model was shown: the title and the body it read (a quote of the summary is not the post's).
    const shown = `${idea.title}\n${idea.body.slice(0, MAX_INPUT_CHARS)}`;
    return { ...result, value: { ...result.value, evidence: keepVerbatimQuotes(evidence, shown) } };
  }

  enhance(idea: IdeaText): Promise<LlmResult<Enhancement>> {
    return this.complete(
      'enhancement',
      enhancementSchema,
      [
        'You help founders sharpen a raw product idea. Reply with JSON only.',
        'title: a clear product name or one-line title. problem, solution, target_customers, monetization: one or two sentences each, concrete.',
        'enhanced_description: the idea rewritten as a short pitch (under 150 words). suggestions: up to 6 concrete next steps or gaps to close.',
      ].join(' '),
      idea,
    );
  }

  /** One structured call; a reply that is not valid JSON of the schema is asked for once more. */
  private async complete<S extends z.ZodType>(
    name: string,
    schema: S,
    system: string,
    idea: IdeaText,
  ): Promise<LlmResult<z.infer<S>>> {
    try {
      return await this.completeOnce(name, schema, system, idea);
    } catch (err) {
      if (!(err instanceof LlmOutputError)) throw err;
      return this.completeOnce(name, schema, system, idea);
    }
  }

  private async completeOnce<S extends z.ZodType>(
    name: string,
    schema: S,
    system: string,
    idea: IdeaText,
  ): Promise<LlmResult<z.infer<S>>> {
    const user = `Title: ${idea.title}\n\n${idea.summary ? `Summary: ${idea.summary}\n\n` : ''}Text:\n${idea.body.slice(0, MAX_INPUT_CHARS)}`;
    const res = await this.client.chat.completions.create({
      model: this.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name,
          schema: z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>,
          strict: false,
        },
      },
    });
    const content = res.choices[0]?.message?.content;
    if (!content) throw new LlmOutputError('The model returned no content');
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new LlmOutputError(`The model returned malformed JSON: ${content.slice(0, 200)}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new LlmOutputError(
        `The model's JSON does not match the ${name} schema: ${parsed.error.issues[0]?.message}`,
      );
    const promptTokens = res.usage?.prompt_tokens ?? 0;
    const completionTokens = res.usage?.completion_tokens ?? 0;
    const [inPrice, outPrice] = PRICES[this.model] ?? [0, 0];
    return {
      value: parsed.data,
      usage: {
        promptTokens,
        completionTokens,
        costUsd: (promptTokens * inPrice + completionTokens * outPrice) / 1_000_000,
      },
    };
  }
}
