import http from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenAI-compatible chat completions server on loopback. It answers each request with JSON
// that fits the schema named in response_format, or misbehaves as told: HTTP errors for the
// next N calls, or a mode for every call (setMode), or a mode for the calls about one idea: a
// marker in the prompt (the idea's title), `[fake:<mode>]` for every call about it or
// `[fake-analysis:<mode>]` for its analysis only.

/** ok; malformed (cut-off JSON); wrong-shape (JSON, wrong fields); error-500 / error-429 (HTTP errors); no-answer (never replies). */
export type FakeMode = 'ok' | 'malformed' | 'wrong-shape' | 'error-500' | 'error-429' | 'no-answer';

export interface FakeOpenAi {
  url: string;
  requests: { body: Record<string, unknown>; authorization: string | undefined }[];
  failNext(count: number, status?: number): void;
  /** The next `count` replies are 200s whose content is malformed JSON or the wrong shape. */
  garbleNext(count: number, mode: 'malformed' | 'wrong-shape'): void;
  setMode(mode: FakeMode): void;
  close(): Promise<void>;
}

const ENRICHMENT = {
  summary: 'A subscription tool that removes a weekly chore for a clear niche.',
  categories: ['saas', 'fintech', 'not-a-category'],
  keywords: ['invoices', 'automation'],
  tags: ['b2b'],
  key_strengths: ['Recurring revenue', 'Clear niche'],
};
export const FAKE_ANALYSIS = {
  problem_severity_score: 8,
  market_demand_score: 7,
  monetization_score: 9,
  implementation_score: 6,
  business_model_innovation_score: 3,
  technology_innovation_score: 4,
  market_disruption_potential_score: 2,
  approach_novelty_score: 3,
  key_strengths: ['Willingness to pay'],
};

/** The user message of a chat request: the idea's title and text. */
function userPrompt(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: string }[];
  return messages.find((m) => m.role === 'user')?.content ?? '';
}

/** A quote no post says: the provider must drop it, as it would a real model's invention. */
export const INVENTED_QUOTE = 'Everyone on earth has this exact problem.';

/**
 * Evidence as a model gives it: the text's first sentence for severity, its first sentence about
 * paying for monetization, and for demand a quote that is not in the text at all.
 */
function fakeEvidence(prompt: string) {
  const text = prompt.split('Text:\n')[1] ?? '';
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
  const paying = sentences.find((s) => /\bpay|\$/i.test(s));
  return {
    severity: sentences.slice(0, 1),
    demand: [INVENTED_QUOTE],
    monetization: paying ? [paying] : [],
    implementation: [],
  };
}

const ENHANCEMENT = {
  title: 'Invoice chaser for florists',
  problem: 'Florists lose hours chasing unpaid invoices.',
  solution: 'Automatic reminders that follow each invoice until it is paid.',
  target_customers: 'Independent florists with wholesale clients.',
  monetization: 'A monthly subscription per shop.',
  enhanced_description: 'An invoice chaser built for florists: reminders go out on their own until clients pay.',
  suggestions: ['Interview ten florists about late payments'],
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  let failures = 0;
  let failStatus = 500;
  let mode: FakeMode = 'ok';
  let garbled = 0;
  let garbleMode: FakeMode = 'malformed';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ body, authorization: req.headers.authorization });
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'not found' } }));
      }
      const name = (body.response_format as { json_schema?: { name?: string } })?.json_schema?.name ?? 'enrichment';
      const marked =
        /\[fake:([a-z0-9-]+)\]/.exec(raw)?.[1] ??
        (name === 'analysis' ? /\[fake-analysis:([a-z0-9-]+)\]/.exec(raw)?.[1] : undefined);
      let effective = (marked as FakeMode | undefined) ?? mode;
      if (garbled > 0 && effective === 'ok') {
        garbled--;
        effective = garbleMode;
      }
      let status = Number(/^error-(\d+)$/.exec(effective)?.[1] ?? 0);
      if (failures > 0) {
        failures--;
        status = failStatus;
      }
      if (status) {
        res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        return res.end(JSON.stringify({ error: { message: 'upstream trouble', type: 'server_error' } }));
      }
      if (effective === 'no-answer') return; // the client gives up (its timeout); close() ends the socket
      const reply =
        name === 'analysis'
          ? { ...FAKE_ANALYSIS, evidence: fakeEvidence(userPrompt(body)) }
          : name === 'enhancement'
            ? ENHANCEMENT
            : ENRICHMENT;
      let content = JSON.stringify(reply);
      if (effective === 'malformed') content = '{"summary": "cut off';
      if (effective === 'wrong-shape') content = JSON.stringify({ hello: 'world' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    failNext: (count, status = 500) => {
      failures = count;
      failStatus = status;
    },
    garbleNext: (count, m) => {
      garbled = count;
      garbleMode = m;
    },
    setMode: (m) => {
      mode = m;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ENDPOINT_ENV = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'LLM_ALLOW_PRIVATE_BASE_URL'] as const;

/**
 * Points the openai provider at the fake through the environment, as an operator would (the fake
 * is on loopback, so the private-address flag is set too). Returns what puts the environment back.
 */
export function useFakeOpenAiFromEnv(fake: FakeOpenAi): () => void {
  const saved = ENDPOINT_ENV.map((name) => [name, process.env[name]] as const);
  process.env.OPENAI_API_KEY = 'sk-test';
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.LLM_ALLOW_PRIVATE_BASE_URL = 'true';
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
