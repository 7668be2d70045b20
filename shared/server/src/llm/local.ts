import { createHash } from 'node:crypto';
import type { Document as WinkDocument, ItemSentence, ItemToken } from 'wink-nlp';
import type { Analysis, CategoryOption, Enhancement, Enrichment, IdeaText, LlmProvider, LlmResult } from './provider';
import { enhanceLocally } from './local-enhance';
import { isInformative } from './idea-model/informative';
import { ideaModel } from './idea-model/model';
import { isContentToken, its, readDoc, withLongRuns } from './wink';
import { isFillerWord } from '@ideamine/shared/filler-words';

// The default provider: offline and deterministic. The four profit sub-scores and their evidence
// come from the idea model (learned from labelled posts, see worker/quality/); summaries,
// keywords, categories and the innovation scores from real NLP (wink-nlp: sentences, sentence
// importance, parts of speech) plus transparent rules listed below. The same text always gives
// the same result.

const MAX_TEXT = 20_000;

/** Cue words per signal; a score grows with how many cues the text contains. */
export const CUES = {
  pain: [
    'hate',
    'annoying',
    'frustrat',
    'struggl',
    'pain',
    'waste',
    'wasting',
    'tedious',
    'manual',
    'problem',
    'broken',
    'expensive',
    'slow',
    'hard to',
    'difficult',
    'nightmare',
    'hours',
    'error-prone',
    'wish',
  ],
  demand: [
    'many',
    'everyone',
    'people',
    'users',
    'customers',
    'teams',
    'businesses',
    'market',
    'growing',
    'demand',
    'requests',
    'asked',
    'waitlist',
    'million',
    'thousands',
    'every day',
    'popular',
    'need',
  ],
  money: [
    'pay',
    'paying',
    'paid',
    'price',
    'pricing',
    'subscription',
    'revenue',
    'mrr',
    'arr',
    '$',
    'monetiz',
    'premium',
    'license',
    'fee',
    'commission',
    'profit',
    'sell',
    'customers',
  ],
  hard: [
    'hardware',
    'regulat',
    'compliance',
    'medical',
    'fda',
    'bank',
    'license',
    'manufactur',
    'train a model',
    'research',
    'physical',
    'logistics',
    'network effect',
    'marketplace',
  ],
  easy: [
    'app',
    'tool',
    'extension',
    'plugin',
    'script',
    'website',
    'saas',
    'template',
    'bot',
    'api',
    'integration',
    'dashboard',
    'mvp',
    'no-code',
    'simple',
  ],
  businessModel: [
    'subscription',
    'marketplace',
    'freemium',
    'usage-based',
    'commission',
    'licens',
    'ads',
    'affiliate',
    'b2b',
    'per seat',
    'open core',
  ],
  technology: [
    'ai',
    'machine learning',
    'llm',
    'gpt',
    'model',
    'automat',
    'api',
    'blockchain',
    'computer vision',
    'realtime',
    'real-time',
    'sensor',
    'open source',
  ],
  disruption: [
    'replace',
    'alternative',
    'cheaper',
    'faster',
    '10x',
    'disrupt',
    'instead of',
    'eliminat',
    'no longer',
    'obsolete',
  ],
  // "new$": the word itself, not "news" or "newsletter"; "never$" not "nevertheless".
  novelty: ['new$', 'novel', 'first', 'unique', 'unlike', 'never$', 'reimagin', 'different', 'innovative'],
} as const;

/** Maps a cue count onto 0..max with diminishing returns: 0 cues -> base, many -> near max. */
function scale(count: number, max: number, base: number, perCue = 0.22): number {
  const v = base + (max - base) * (1 - Math.exp(-perCue * count));
  return Math.round(Math.min(max, Math.max(0, v)) * 100) / 100;
}

/** The regular plurals of a singular noun: "link" -> links, "box" -> boxes, "category" -> categories. */
const regularPlurals = (singular: string) => [
  `${singular}s`,
  `${singular}es`,
  ...(singular.endsWith('y') ? [`${singular.slice(0, -1)}ies`] : []),
];

/** The singulars a word might be the regular plural of ("subreddits" -> subreddit). */
const singularsOf = (word: string) =>
  [word.slice(0, -1), word.slice(0, -2), word.endsWith('ies') ? `${word.slice(0, -3)}y` : ''].filter(
    (s) => s.length >= 3 && regularPlurals(s).includes(word),
  );

/**
 * A noun's keyword form: its singular where that is sure, so one topic is one keyword on a card
 * and in trending ("comments" and "comment" were two). Wink's lemma is taken only for a regular
 * plural ("users" -> user, "categories" -> category), never a learned one ("data" -> datum).
 */
function keywordForm(t: ItemToken, normal: string): string {
  if (t.out(its.pos) !== 'NOUN') return normal;
  // wink's typings give its.lemma an add-on signature out() does not accept, and it is undefined
  // for a few tokens the lemmatiser skips (as in features.ts).
  const lemma = t.out(its.lemma as unknown as typeof its.normal) as string | undefined;
  return lemma && lemma !== normal && regularPlurals(lemma).includes(normal) ? lemma : normal;
}

function keywordsOf(doc: WinkDocument, limit: number): string[] {
  const counts = new Map<string, number>();
  doc.tokens().each((t: ItemToken) => {
    const pos = t.out(its.pos);
    if (t.out(its.type) !== 'word' || t.out(its.stopWordFlag) || (pos !== 'NOUN' && pos !== 'PROPN' && pos !== 'ADJ'))
      return;
    const normal = t.out(its.normal);
    if (normal.length < 3 || isFillerWord(normal)) return;
    const word = keywordForm(t, normal);
    counts.set(word, (counts.get(word) ?? 0) + (pos === 'ADJ' ? 0.5 : 1));
  });
  // A plural wink does not know ("subreddits") joins its singular when the text uses that too.
  for (const [word, n] of [...counts]) {
    const singular = singularsOf(word).find((s) => counts.has(s));
    if (singular) {
      counts.set(singular, counts.get(singular)! + n);
      counts.delete(word);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([w]) => w);
}

/**
 * Which of a text's sentences say something on their own (informative.ts, the rule evidence
 * quotes follow): "Thoughts?" or "Pretty much what the title says." would open a card's summary
 * and tell a reader nothing.
 */
function informativeSentences(doc: WinkDocument): Set<number> {
  const informative = new Set<number>();
  doc.sentences().each((sentence: ItemSentence, index: number) => {
    let content = 0;
    sentence.tokens().each((t: ItemToken) => {
      if (isContentToken(t)) content++;
    });
    if (isInformative(sentence.out(), content)) informative.add(index);
  });
  return informative;
}

function summarise(title: string, body: string): string {
  const text = body.slice(0, MAX_TEXT);
  if (!text.trim()) return title;
  const doc = readDoc(text);
  const sentences = (doc.sentences().out() as string[]).map(withLongRuns(text));
  const importance = doc.out(its.sentenceWiseImportance) as unknown as { index: number; importance: number }[];
  // The most important sentences among those that say something; a body with none ("No description
  // provided.", a lone link) is summed up by its title, as an empty one is.
  const informative = informativeSentences(doc);
  if (!informative.size) return title;
  const best = importance
    .filter((s) => informative.has(s.index))
    .sort((a, b) => b.importance - a.importance || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index);
  const summary =
    best
      .map((s) => sentences[s.index]?.trim() ?? '')
      .join(' ')
      .trim() ||
    sentences[0] ||
    title;
  return summary.length > 500 ? `${summary.slice(0, 497).trimEnd()}...` : summary;
}

/** The text's words between single spaces, so " word" marks where a word starts. */
const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ')} `;

/**
 * Whether a term is in the text as a word (see wordsOf) with an ending `endingFits` allows. A term
 * of three letters or fewer must be the whole word or its plural ("apps"; not "happy" or "crappy"
 * for "app", nor "feel" for "fee").
 */
function findsWord(words: string, term: string, endingFits: (key: string, ending: string) => boolean): boolean {
  const key = wordsOf(term).trim();
  if (!key) return false;
  for (let at = words.indexOf(` ${key}`); at >= 0; at = words.indexOf(` ${key}`, at + 1)) {
    const from = at + 1 + key.length;
    const ending = words.slice(from, words.indexOf(' ', from));
    if (key.length <= 3 ? ending === '' || ending === 's' : endingFits(key, ending)) return true;
  }
  return false;
}

/**
 * The endings a category keyword may take in the text: plurals, tenses, the people who do it and
 * the act ("renters", "booked", "investors", "rental", "recruitment", "musician"), with the last
 * letter doubled before them ("shopping", "blogger"). Not any ending: "event" is not in
 * "eventually", "invest" not in "investigate", "trip" not in "triple".
 */
const KEYWORD_ENDINGS = new Set(
  ' s es d ed ing r rs er ers or ors al als ment ments ion ions ist ists ian ians'.split(' '),
);

const isKeywordEnding = (key: string, ending: string) =>
  KEYWORD_ENDINGS.has(ending) ||
  (ending.length > 1 && ending[0] === key.at(-1) && KEYWORD_ENDINGS.has(ending.slice(1)));

/** Cues are stems ("frustrat", "monetiz"): any ending goes, so "pain" finds "painful" but not "Spain". */
const anyEnding = () => true;

/**
 * Category keywords that name their topic only as nouns: "an online store" is a shop, "an app to
 * store my recipes" is not. Such a keyword counts only where the text uses it as a noun, as wink's
 * part-of-speech tagger reads it (it tells the two apart for "store"; for "prompt" it calls
 * "AI prompts" a verb, so that keyword's verb forms are set phrases instead: NOT_THE_TOPIC).
 */
const NOUN_SENSE_ONLY = new Set(['store']);

/** The keywords of NOUN_SENSE_ONLY that the text uses as nouns somewhere. */
function nounSenses(doc: WinkDocument): Set<string> {
  const found = new Set<string>();
  doc.tokens().each((t: ItemToken) => {
    const pos = t.out(its.pos);
    if (pos !== 'NOUN' && pos !== 'PROPN') return;
    // A name's lemma is the word itself ("Stores" at a sentence's start): its plural is read too.
    const word = t.out(its.normal);
    for (const form of [word, word.replace(/s$/, '')]) if (NOUN_SENSE_ONLY.has(form)) found.add(form);
  });
  return found;
}

/**
 * How many of a category's keywords the text names, each with an ending of KEYWORD_ENDINGS (and,
 * for a keyword of NOUN_SENSE_ONLY, used as a noun: `nouns`).
 */
function keywordHits(words: string, keywords: readonly string[], nouns: ReadonlySet<string>): number {
  return keywords.reduce((n, k) => {
    const key = k.trim().toLowerCase();
    const hit = findsWord(words, k, isKeywordEnding) && (!NOUN_SENSE_ONLY.has(key) || nouns.has(key));
    return hit ? n + 1 : n;
  }, 0);
}

/** The last text cues were counted in, read once: an analysis counts a dozen cue lists in one text. */
let cueText: { text: string; lower: string; words: string } | undefined;

/**
 * How many of the cues the text holds: a cue is found where it starts a word (findsWord, any
 * ending); one that starts with a symbol ("$", "/mo") is found anywhere.
 */
export function cueCount(text: string, cues: readonly string[]): number {
  if (cueText?.text !== text) cueText = { text, lower: text.toLowerCase(), words: wordsOf(text) };
  const { lower, words } = cueText;
  return cues.reduce((n, cue) => {
    const c = cue.trim();
    // A cue ending in "$" is a whole word: no ending at all, not even a plural "s".
    if (c.endsWith('$')) return words.includes(` ${c.slice(0, -1)} `) ? n + 1 : n;
    return (/^[a-z0-9]/.test(c) ? findsWord(words, c, anyEnding) : c !== '' && lower.includes(c)) ? n + 1 : n;
  }, 0);
}

/**
 * Set phrases whose words are category keywords but whose meaning is not the category's topic:
 * "of course" is not a course, the Play Store is not a shop, a waste of time is not about waste,
 * and being focused on something is not about focus.
 * On the 3,035 labelled posts (worker/quality), "store" was in "app store" or "play store" in
 * most of its 359 mentions, and "course" in "of course". Taken out of the text before category
 * keywords are matched, whatever keywords an operator has set.
 */
const NOT_THE_TOPIC = [
  'of course',
  'app store',
  'app stores',
  'play store',
  'windows store',
  'chrome web store',
  'waste of',
  'wasted time',
  'wasting time',
  'waste time',
  'waste my time',
  'waste your time',
  'waste so much time',
  'waste too much time',
  // Verb forms that are never the topic: "we are focused on B2B", "this prompted me to ask".
  'focused',
  'focusing',
  'prompted',
].map(wordsOf);

/** A run of text without spaces that is a link: a scheme, "www." or a domain with a path. */
const LINK_TOKEN = /:\/\/|^\W*www\.|\.(?:com|org|net|io)\//i;

/**
 * The text without its links, whose words name a site, not a topic: a Play Store link reads
 * "google com store apps". Checked a run of non-spaces at a time, so a long text costs one pass.
 */
const withoutLinks = (text: string) =>
  text
    .split(/\s+/)
    .filter((token) => !LINK_TOKEN.test(token))
    .join(' ');

function categoriesOf(text: string, doc: WinkDocument, options: CategoryOption[]): string[] {
  let words = wordsOf(withoutLinks(text));
  for (const phrase of NOT_THE_TOPIC) words = words.replaceAll(phrase, ' ');
  const nouns = nounSenses(doc);
  const scored = options
    .map((c) => ({ slug: c.slug, hits: keywordHits(words, c.keywords, nouns) }))
    .filter((c) => c.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.slug.localeCompare(b.slug));
  return scored.slice(0, 3).map((c) => c.slug);
}

/**
 * Bump when the way a keyword is matched changes in code; the lists the matching reads are in the
 * signature already. Either way, ideas filed before are filed again (categoryRulesSignature).
 */
const CATEGORY_MATCHING_REVISION = 1;

/**
 * What decides an idea's categories: the matching rules here and the categories' keywords. When
 * it changes, a background sweep files existing ideas again (worker/src/jobs/refile-categories.ts).
 */
export function categoryRulesSignature(options: readonly CategoryOption[]): string {
  const rules = {
    revision: CATEGORY_MATCHING_REVISION,
    endings: [...KEYWORD_ENDINGS].sort(),
    nounSenseOnly: [...NOUN_SENSE_ONLY].sort(),
    notTheTopic: NOT_THE_TOPIC,
    categories: [...options]
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .map((c) => [c.slug, [...c.keywords].map((k) => k.trim().toLowerCase()).sort()]),
  };
  return `categories-${createHash('sha256').update(JSON.stringify(rules)).digest('hex').slice(0, 12)}`;
}

/** The text enrichment reads: the title, then the body. */
const enrichedText = (idea: Pick<IdeaText, 'title' | 'body'>) => `${idea.title}. ${idea.body}`;

/** The categories enrichment files an idea under: the same text read the same way as enrich. */
export function categoriesFor(idea: Pick<IdeaText, 'title' | 'body'>, options: CategoryOption[]): string[] {
  const text = enrichedText(idea);
  return categoriesOf(text, readDoc(text.slice(0, MAX_TEXT)), options);
}

const STRENGTH_RULES: [readonly string[], string][] = [
  [CUES.pain, 'Addresses a clearly felt pain point'],
  [['subscription', 'recurring', 'mrr', 'per month', '/mo'], 'Recurring revenue potential'],
  [['b2b', 'teams', 'businesses', 'companies', 'agencies', 'enterprise'], 'Clear business customer'],
  [['$', 'pay', 'paying', 'paid', 'pricing'], 'Evidence of willingness to pay'],
  [['users', 'customers', 'signups', 'waitlist', 'downloads'], 'Early traction or audience'],
  [['automat', 'save time', 'hours'], 'Saves users measurable time'],
  [['ai', 'llm', 'gpt', 'machine learning'], 'Builds on current AI capabilities'],
  [['niche', 'specific', 'freelancers', 'dentists', 'teachers', 'landlords'], 'Focused niche that is easy to reach'],
  [['open source', 'github'], 'Developer-friendly distribution'],
  [['mvp', 'simple', 'weekend', 'no-code'], 'Quick to build a first version'],
];

function strengthsOf(text: string): string[] {
  return STRENGTH_RULES.filter(([cues]) => cueCount(text, cues) > 0)
    .map(([, s]) => s)
    .slice(0, 5);
}

function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export class LocalProvider implements LlmProvider {
  readonly name = 'local' as const;
  /** The idea model's version: what each idea stores as the model that scored it. */
  readonly model = ideaModel().version;

  async enrich(idea: IdeaText, categories: CategoryOption[]): Promise<LlmResult<Enrichment>> {
    const text = enrichedText(idea);
    const doc = readDoc(text.slice(0, MAX_TEXT));
    const keywords = keywordsOf(doc, 12);
    const value: Enrichment = {
      summary: idea.summary?.trim() || summarise(idea.title, idea.body),
      categories: categoriesOf(text, doc, categories),
      keywords,
      tags: keywords.slice(0, 6),
      key_strengths: strengthsOf(text),
    };
    return {
      value,
      usage: { promptTokens: approxTokens(text), completionTokens: approxTokens(JSON.stringify(value)), costUsd: 0 },
    };
  }

  async analyse(idea: IdeaText & { categories: string[]; keywords: string[] }): Promise<LlmResult<Analysis>> {
    const text = `${idea.title}. ${idea.summary ?? ''} ${idea.body}`.slice(0, MAX_TEXT);
    const verdict = await ideaModel().assess(idea.title, idea.body);
    const value: Analysis = {
      problem_severity_score: verdict.subScores.severity,
      market_demand_score: verdict.subScores.demand,
      monetization_score: verdict.subScores.monetization,
      implementation_score: verdict.subScores.implementation,
      business_model_innovation_score: scale(cueCount(text, CUES.businessModel), 5, 0.5, 0.5),
      technology_innovation_score: scale(cueCount(text, CUES.technology), 5, 0.5, 0.5),
      market_disruption_potential_score: scale(cueCount(text, CUES.disruption), 5, 0.5, 0.5),
      approach_novelty_score: scale(cueCount(text, CUES.novelty), 5, 0.5, 0.5),
      key_strengths: strengthsOf(text),
      evidence: verdict.evidence,
    };
    return {
      value,
      usage: { promptTokens: approxTokens(text), completionTokens: approxTokens(JSON.stringify(value)), costUsd: 0 },
    };
  }

  async enhance(idea: IdeaText): Promise<LlmResult<Enhancement>> {
    const text = idea.body.slice(0, MAX_TEXT);
    const whole = withLongRuns(text);
    const sentences = text.trim() ? (readDoc(text).sentences().out() as string[]).map((x) => whole(x.trim())) : [];
    const value = enhanceLocally(idea, sentences, cueCount, CUES);
    return {
      value,
      usage: { promptTokens: approxTokens(text), completionTokens: approxTokens(JSON.stringify(value)), costUsd: 0 },
    };
  }
}
