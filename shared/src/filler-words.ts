// Words that pass a part-of-speech filter but name no topic: "need", "thing", "way", "good".
// A trending keyword or an idea's keyword made of one says nothing about what is trending.

export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    'need needs would could should also way ways thing things something anything everything nothing ' +
    'lot lots kind sort bit anyone someone everyone people person time times day days year years ' +
    'idea ideas good great new old able sure like just really much many more most other others ' +
    'same own big small best better little whole different certain possible real'
  ).split(' '),
);

export const isFillerWord = (word: string) => FILLER_WORDS.has(word.toLowerCase());
