import type { ItemToken, Sentences } from 'wink-nlp';
import { isContentToken, its, readDoc, withLongRuns } from '../wink';
import { isInformative } from './informative';
import { intentsOf } from './intents';

// A post as the idea model reads it: sentences (the title first), each with its features.
// Words are wink-nlp's tokens and lemmas, so "apps" and "app" are one word and nothing is
// matched inside another word; a negated word ("doesn't work") is its own feature. Features are
// binary and each post's word features are scaled to unit length, so a long post does not score
// higher just by holding more words.

/** Common English function words, as lemmas (the forms the word features hold). */
const STOP_WORDS = new Set(
  'the a an and or but of to in on for with at by from is be are was it this that i you we they my your have do not if as'.split(
    ' ',
  ),
);

/** Longer posts are read up to here: the opening says what a post is for, and scoring stays fast. */
export const MAX_CHARS = 6_000;

export interface Sentence {
  text: string;
  features: string[];
  /** Whether it may be quoted as evidence: the title, or a body sentence that says something (informative.ts). */
  quotable: boolean;
}

export interface PostFeatures {
  sentences: Sentence[];
  /** Features of the post as a whole (its length band; "news or a link" when it only points elsewhere). */
  whole: string[];
  /** How much of the text was read (MAX_CHARS at most). */
  readChars: number;
  /** Whether the text reads as English, the only language the model was trained on. */
  english: boolean;
}

const TOKEN_KINDS: Record<string, string | undefined> = {
  url: '<url>',
  number: '<num>',
  currency: '<money>',
  email: '<email>',
  emoji: '<emoji>',
  mention: '<mention>',
  hashtag: '<hashtag>',
};

/**
 * r/SomebodyMakeThis marks its posts "[SMT]" ("SMT:", "SMT (Win7):"): the tag says "somebody make
 * this", and a title that opens with it is read as those words, so it counts as a proposal (the
 * "proposes" intent) however long the post is. As a word of its own it was the model's heaviest
 * (8.3), yet scaled down with the post's length: out of fold 35 of r/SomebodyMakeThis's 142 ideas
 * were dropped, 14 since. Elsewhere SMT is surface-mount technology ("SMT rework station?"), so
 * the bare word is never a feature: the model has learnt nothing it could mean.
 */
const IDEA_BOARD_TAG = /^\W*smt\b(?!\s+[a-z])\W*/i;
const BOARD_WORD = 'smt';
export const readAsMeant = (title: string) => title.replace(IDEA_BOARD_TAG, 'Somebody make this: ');

/**
 * The words of one sentence: lemmas, stop words kept (they carry intent: "is there", "i'd").
 * `content` counts the tokens that are not function words by wink's list, for evidence.
 */
function wordsOf(sentence: Sentences, index: number): { words: string[]; content: number } {
  const words: string[] = [];
  let content = 0;
  sentence
    .itemAt(index)
    .tokens()
    .each((t: ItemToken) => {
      const type = t.out(its.type);
      if (type === 'punctuation' || type === 'tabCRLF' || type === 'symbol') return;
      if (isContentToken(t)) content++;
      const kind = TOKEN_KINDS[type];
      // wink's typings give its.lemma an add-on signature that out() does not accept; it is a
      // string, or undefined for a few tokens the lemmatiser skips (their normal form stands in).
      const lemma = t.out(its.lemma as unknown as typeof its.normal) as string | undefined;
      const word = kind ?? (lemma ?? t.out(its.normal)).toLowerCase();
      words.push(t.out(its.negationFlag) && !kind ? `!${word}` : word);
    });
  return { words, content };
}

function sentenceFeatures(words: string[], text: string, prefix: string): string[] {
  const features = new Set<string>();
  for (const w of words) features.add(`${prefix}w:${w}`);
  for (let i = 1; i < words.length; i++) features.add(`${prefix}b:${words[i - 1]}_${words[i]}`);
  for (const intent of intentsOf(text)) features.add(`i:${intent}`);
  return [...features];
}

const LINK = /\bhttps?:\/\/\S+/g;
/** Text beside the links below this many characters: the post only points elsewhere. */
const LINK_ONLY_TEXT = 80;

/** "News or a link only" (the labelling guide): a body that is a link with a few words around it. */
function isLinkOnly(body: string): boolean {
  const rest = body.replace(LINK, '');
  return rest.length < body.length && rest.trim().length < LINK_ONLY_TEXT;
}

/** The post's length band: a feature the model may use, kept coarse (and checked in evaluation). */
function lengthBand(chars: number): string {
  if (chars < 80) return 'len:tiny';
  if (chars < 300) return 'len:short';
  if (chars < 1200) return 'len:medium';
  return 'len:long';
}

/**
 * English prose is about a third stop words ("the", "is", "for"); Spanish or German prose
 * has almost none of wink's English ones, and Chinese or Russian has few Latin letters at all.
 * Short texts and lists of names pass: too little to tell.
 */
function readsAsEnglish(text: string, words: number, stopWords: number): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (letters >= 20 && latin < letters / 2) return false;
  return words < 15 || stopWords >= words * 0.08;
}

export function featuresOf(title: string, body: string): PostFeatures {
  const cleanTitle = title.trim();
  const cleanBody = body.slice(0, MAX_CHARS).trim();
  const sentences: Sentence[] = [];
  const keepsWord = (w: string) => w !== BOARD_WORD;
  if (cleanTitle) {
    // The title is read with its tag spelt out and quoted as written.
    const meant = readAsMeant(cleanTitle);
    const all = readDoc(meant).sentences();
    const words = Array.from({ length: all.length() }, (_, i) => wordsOf(all, i).words)
      .flat()
      .filter(keepsWord);
    sentences.push({ text: cleanTitle, features: sentenceFeatures(words, meant, 't'), quotable: true });
  }
  if (cleanBody) {
    const doc = readDoc(cleanBody);
    const whole = withLongRuns(cleanBody);
    const all = doc.sentences();
    for (let i = 0; i < all.length(); i++) {
      const text = all.itemAt(i).out().trim();
      if (!text) continue;
      const { words, content } = wordsOf(all, i);
      sentences.push({
        // Read as the tokenizer saw it; quoted as the post wrote it.
        text: whole(text),
        features: sentenceFeatures(words.filter(keepsWord), text, ''),
        quotable: isInformative(text, content),
      });
    }
  }
  let words = 0;
  let stopWords = 0;
  for (const s of sentences)
    for (const f of s.features) {
      if (!f.startsWith('w:') && !f.startsWith('tw:')) continue;
      words++;
      // A word in a negation's scope carries a "!" ("couldn't say a link" reads "!a"): still a stop word.
      if (STOP_WORDS.has(f.slice(f.indexOf(':') + 1).replace(/^!/, ''))) stopWords++;
    }
  const text = `${cleanTitle} ${cleanBody}`;
  return {
    sentences,
    whole: [lengthBand(cleanTitle.length + cleanBody.length), ...(isLinkOnly(cleanBody) ? ['i:news_or_link'] : [])],
    readChars: cleanTitle.length + cleanBody.length,
    english: readsAsEnglish(text, words, stopWords),
  };
}

/**
 * The post's features with their values: intents and the length band count 1; word features
 * share a unit length between them, so their weight does not grow with the post's length.
 */
export function featureValues(post: PostFeatures): Map<string, number> {
  const words = new Set<string>();
  const flags = new Set<string>(post.whole);
  for (const s of post.sentences) for (const f of s.features) (f.startsWith('i:') ? flags : words).add(f);
  const values = new Map<string, number>();
  const scale = words.size ? 1 / Math.sqrt(words.size) : 0;
  for (const f of words) values.set(f, scale);
  for (const f of flags) values.set(f, 1);
  return values;
}
