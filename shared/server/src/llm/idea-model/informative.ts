// Which sentences of a post may be quoted as evidence for a score ("Why this score"). The
// model's weights can make any sentence lift a sub-score, a sign-off ("Thanks!") or a nod to the
// title ("Pretty much what the title says.") among them; quoted to a reader, such a sentence
// explains nothing. On the labelled ideas the shipped model keeps, "Thanks!" was the evidence 17
// times, "(App: Whatsapp)" 33 (BENCHMARKS.md, "evidence that says something").

/**
 * The rule's name, written into the model file so the model's version changes with the rule: ideas
 * scored under an older rule keep its quotes until re-scored, and a new version re-scores them.
 */
export const QUOTING_RULE = 'informative-sentences-1';

/** A body sentence must hold this many words that are not function words (numbers and prices count). */
export const MIN_CONTENT_WORDS = 3;

/**
 * Courtesies that open a short sentence: "Thank you for your great app!", "Thanks, keep up the good
 * work." Not greetings: "Hey, any app for splitting rent?" says what it wants after the "Hey".
 */
const COURTESY = /^\W*(?:thanks|thank you|thx|cheers|regards|best regards|kind regards|keep up the good work)\b/i;
/**
 * A courtesy or a pointer to the title is a whole sentence only when short: "Thanks in advance to
 * whoever builds a tool that..." and "As stated in the title, I'm looking for an app that..." say more.
 */
const SHORT_SENTENCE_WORDS = 8;
/** Sentences that only point back at the title. */
const TITLE_REFERENCE =
  /\b(?:(?:what|as) the title says|title says it all|see (?:the )?title|title pretty much|in the title)\b/i;
/** A whole sentence in brackets is an aside or a note added to the post: "(App: Whatsapp)", "[Edit: typo]". */
const ASIDE = /^(?:\([^()]*\)|\[[^[\]]*\])[.!?]*$/;

/**
 * Whether a body sentence says something a reader can weigh: enough content words, and not a
 * courtesy, a pointer to the title or a bracketed aside. The title is always informative (it
 * names what the post is about) and is not checked here.
 */
export function isInformative(text: string, contentWords: number): boolean {
  if (contentWords < MIN_CONTENT_WORDS || ASIDE.test(text.trim())) return false;
  const short = text.trim().split(/\s+/).length <= SHORT_SENTENCE_WORDS;
  return !(short && (COURTESY.test(text) || TITLE_REFERENCE.test(text)));
}
