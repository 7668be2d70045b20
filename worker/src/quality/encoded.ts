import { createHash } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { encoderValues, encoderText, type EncoderSpec } from '@ideamine/server/llm/idea-model/encoder';
import type { LabelledPost } from './dataset';
import { readJsonl } from './jsonl';

// The sentence encoder's values for every post training reads, the same function the running
// model calls (encoder.ts). Reading 6,000 posts takes a few minutes on one core, so each text's
// vector is kept in data/quality/encoded.jsonl (not committed) and read from there next time;
// the key is the encoder's package and the exact text it read, so a new encoder or text rule
// reads afresh.

const CACHE_FILE = path.resolve(import.meta.dirname, '../../../data/quality/encoded.jsonl');

const keyOf = (spec: EncoderSpec, text: string) =>
  createHash('sha256').update(`${spec.package}\n${spec.words}\n${spec.scale}\n${text}`).digest('hex');

/** Each post's encoder values (already scaled), by post id. */
export async function encodedPosts(posts: LabelledPost[], spec: EncoderSpec): Promise<Map<string, number[]>> {
  const cached = new Map<string, number[]>();
  if (existsSync(CACHE_FILE))
    for (const row of readJsonl<{ key: string; values: number[] }>(CACHE_FILE)) cached.set(row.key, row.values);
  const keys = posts.map((p) => keyOf(spec, encoderText(p.title, p.body, spec.words)));
  const missing = posts.flatMap((p, i) => (cached.has(keys[i]!) ? [] : [{ p, key: keys[i]! }]));
  if (missing.length)
    console.log(`reading ${missing.length} posts with the sentence encoder (${cached.size} known)...`);
  let done = 0;
  await Promise.all(
    missing.map(async ({ p, key }) => {
      const values = await encoderValues(p.title, p.body, spec);
      cached.set(key, values);
      appendFileSync(CACHE_FILE, JSON.stringify({ key, values }) + '\n');
      if (++done % 500 === 0) console.log(`  ${done} of ${missing.length}`);
    }),
  );
  return new Map(posts.map((p, i) => [p.id, cached.get(keys[i]!)!]));
}
