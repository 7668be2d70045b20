import type { Analysis } from './provider';

// "Why this score" shows evidence as quotes of the post. A language model asked to copy
// sentences word for word sometimes paraphrases or invents one ("Everyone has this problem."),
// and a made-up quote under a score misleads more than no quote. The local model quotes the
// post's own sentences by construction; this holds the OpenAI-compatible provider to the same.

type Evidence = NonNullable<Analysis['evidence']>;

/** Case, spacing, curly quotes and the quote's own end punctuation do not count as changes. */
function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const QUOTE_MARKS = new Set(['"', "'", ' ']);
const END_PUNCTUATION = new Set(['.', '!', '?', '…', ...QUOTE_MARKS]);

/** The quote without its quote marks and end punctuation (a loop: a regex here backtracks). */
function trimQuote(quote: string): string {
  const q = normalised(quote);
  let start = 0;
  let end = q.length;
  while (start < end && QUOTE_MARKS.has(q[start]!)) start++;
  while (end > start && END_PUNCTUATION.has(q[end - 1]!)) end--;
  return q.slice(start, end);
}

/** Each sub-score's quotes that really are in the text (title or body), once each. */
export function keepVerbatimQuotes(evidence: Evidence, text: string): Evidence {
  const haystack = normalised(text);
  const keep = (quotes: string[]) => [
    ...new Set(quotes.map((q) => q.trim()).filter((q) => trimQuote(q) && haystack.includes(trimQuote(q)))),
  ];
  return {
    severity: keep(evidence.severity),
    demand: keep(evidence.demand),
    monetization: keep(evidence.monetization),
    implementation: keep(evidence.implementation),
  };
}
