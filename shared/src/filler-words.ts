// Words that pass a part-of-speech filter but name no topic: "need", "thing", "way", "good".
// A trending keyword or an idea's keyword made of one says nothing about what is trending.

export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    'need needs would could should also way ways thing things something anything everything nothing ' +
    'lot lots kind sort bit anyone someone everyone people person time times day days year years ' +
    'idea ideas good great new old able sure like just really much many more most other others ' +
    'same own big small best better little whole different certain possible real ability ' +
    // What people say around a topic in a post: greetings and thanks, the post itself, the words
    // for any problem or request, and stretches of time. Measured on the 3,035 labelled posts
    // (worker/quality): before this list, "thanks", "guys", "advice" and "example" were among the
    // twenty most frequent keywords.
    'thanks thank guys hello hey please advance advice example examples experience couple ' +
    'awesome nice cool love right case end point part check use help question questions post posts ' +
    'edit update problem problems issue issues feature features option options request requests ' +
    'stuff life week weeks month months hour hours minute minutes anybody somebody work version ' +
    'area place free open easy change changes click details info result number ' +
    // Pieces of addresses and a subreddit's tag ("[SMT]" for "somebody make this").
    'com www http https smt ' +
    // Every idea here is some app, tool or site: the kind of product says nothing of its topic
    // ("app" was the keyword of one labelled post in four).
    'app apps application applications software tool tools website websites site sites ' +
    'service services product products platform platforms program programs ' +
    // Contractions the tokenizer keeps whole: "I'm looking for..." is no topic.
    "i'm i've i'd i'll you're you've it's that's there's don't doesn't didn't can't won't isn't"
  ).split(' '),
);

/** Any word with an apostrophe is a contraction or a possessive, never a topic on its own. */
export const isFillerWord = (word: string) => FILLER_WORDS.has(word.toLowerCase()) || /['’]/.test(word);
