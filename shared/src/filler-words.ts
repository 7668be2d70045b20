// Words that pass a part-of-speech filter but name no topic: "need", "thing", "way", "good".
// A trending keyword or an idea's keyword made of one says nothing about what is trending.

export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    'need needs would could should also way ways thing things something anything everything nothing ' +
    'lot lots kind sort bit anyone someone everyone people person time times day days year years ' +
    'idea ideas good great new old able sure like just really much many more most other others ' +
    'same own big small best better little whole different certain possible real ability ' +
    // Contractions the tokenizer keeps whole: "I'm looking for..." is no topic.
    "i'm i've i'd i'll you're you've it's that's there's don't doesn't didn't can't won't isn't"
  ).split(' '),
);

/** Any word with an apostrophe is a contraction or a possessive, never a topic on its own. */
export const isFillerWord = (word: string) => FILLER_WORDS.has(word.toLowerCase()) || /['’]/.test(word);
