import winkNLP, { type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

// The one wink-nlp instance (its English model loaded once) and the one way text reaches its
// tokenizer. The tokenizer takes time that grows with the square of a run of text without
// spaces: 8,000 characters of "x-x-x-" take a second, 20,000 about six. No word or link is that
// long, so readDoc cuts each run of non-spaces to its first MAX_RUN characters first: a post of
// junk costs milliseconds, and a long link still reads as a link.

const nlp = winkNLP(model);
export const its = nlp.its;

/** Longer than any word; long enough that a link keeps its scheme and host. */
export const MAX_RUN = 100;

/** More than MAX_RUN non-spaces (written out: patterns are not built at run time here). */
const LONG_RUN = /\S{101,}/g;

/** The text with every run of non-space characters at most MAX_RUN long. */
export const forTokenizer = (text: string) => text.replace(LONG_RUN, (run) => run.slice(0, MAX_RUN));

/**
 * For a text given to readDoc, a function that puts its long runs back, whole, into a sentence
 * read from the document: a quote of the post shows the link as the post wrote it, not its first
 * MAX_RUN characters. A run split between two sentences (rare: the tokenizer saw no space in it)
 * stays cut.
 */
export function withLongRuns(text: string): (sentence: string) => string {
  const runs = new Map<string, string>();
  for (const run of text.match(LONG_RUN) ?? [])
    if (!runs.has(run.slice(0, MAX_RUN))) runs.set(run.slice(0, MAX_RUN), run);
  if (!runs.size) return (sentence) => sentence;
  return (sentence) => sentence.replace(/\S+/g, (token) => runs.get(token) ?? token);
}

/** wink-nlp's document of a text, its long runs cut (forTokenizer). */
export const readDoc = (text: string) => nlp.readDoc(forTokenizer(text));

/** Token kinds that carry content beside words: "pay $5 a month" says more than "pay". */
const CONTENT_KINDS = new Set(['number', 'currency']);

/** Whether a token is a content word for isInformative (informative.ts): not a function word, or a number or price. */
export function isContentToken(t: ItemToken): boolean {
  const type = t.out(its.type);
  return (type === 'word' && !t.out(its.stopWordFlag)) || CONTENT_KINDS.has(type);
}
