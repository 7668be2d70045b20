// wink-nlp's tokenizer takes time that grows with the square of a run of text without spaces:
// 8,000 characters of "x-x-x-" take a second, 20,000 about six. No word or link is that long, so
// before text reaches the tokenizer each run of non-spaces is cut to its first MAX_RUN characters:
// a post of junk costs milliseconds, and a long link still reads as a link.

/** Longer than any word; long enough that a link keeps its scheme and host. */
export const MAX_RUN = 100;

/** More than MAX_RUN non-spaces (written out: patterns are not built at run time here). */
const LONG_RUN = /\S{101,}/g;

/** The text with every run of non-space characters at most MAX_RUN long. */
export const forTokenizer = (text: string) => text.replace(LONG_RUN, (run) => run.slice(0, MAX_RUN));
