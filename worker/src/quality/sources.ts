// Where the labelled posts come from: public datasets read from git snapshots (the search tool's
// `fetch`), each at a fixed commit so a row always names the same post. Only labels and
// provenance are committed (labels.jsonl); the post text is read back from the snapshot by
// `npm run quality:posts`, so nothing of the datasets themselves is copied into this repository.

export type Genre =
  | 'idea-board'
  | 'business'
  | 'tool-request'
  | 'proposal'
  | 'workflow'
  | 'noise'
  | 'feature-request'
  | 'review'
  | 'everyday-needs'
  | 'ask-hn';

export interface RedditSource {
  kind: 'reddit';
  subreddit: string;
  genre: Genre;
  /** How many posts to draw (after the quarter rule, where it applies). */
  take: number;
  /**
   * The independent evaluation draws on this file: at most a quarter of its posts with text may
   * be used, those whose post id hashes into the lowest quarter (see `inUsableQuarter`).
   */
  restricted?: true;
  /**
   * Where ideas are rare, draw most posts from those that signal a need (an intent detector of
   * the idea model fires: asks for a tool, proposes, describes a painful workflow, pitches or
   * would pay) and the rest at random, instead of `take` at random.
   */
  select?: { needs: number; others: number };
}

export interface FileSource {
  kind: 'feature-requests' | 'app-reviews' | 'hn-titles';
  name: string;
  genre: Genre;
  take: number;
}

export type Source = RedditSource | FileSource;

export const REDDIT = {
  repo: 'umbrae/reddit-top-2.5-million',
  commit: 'd0efcade504b8ed735a48ddc2b15552fa924c9d9',
  licence: 'PDDL 1.0 (Open Data Commons Public Domain Dedication and License)',
} as const;

export const FEATURE_REQUESTS = {
  repo: 'Pragyan10/FeatureRequestDataset2024',
  commit: '7908373cbe6b01a3439ae3b58dfb146cc46c7948',
  paths: [
    'FeatureRequests/signalapp_closed_12thAugust_Final-414.json',
    'FeatureRequests/mastodon_closed_12thAugust_Final-17.json',
    'FeatureRequests/mastodon_open_12thAugust_Final-36.json',
  ],
  licence: 'none stated',
} as const;

export const APP_REVIEWS = {
  repo: 'ftesla11/review-analysis',
  commit: '010d32dd0de15c3b4196bac1601b012c040324e8',
  path: 'dataset.csv',
  licence: 'none stated',
} as const;

/**
 * Hacker News posts of 2015-2016 (a sample of the Kaggle "Hacker News Posts" dataset): title, link,
 * points and comments, but no body. The independent evaluation draws on Ask HN posts, so only the
 * Ask HN titles in the lowest quarter of the same hash of the post id are used.
 */
export const HN_TITLES = {
  repo: 'Folawalker/Exploring-Hacker-News-Posts',
  commit: 'efc01a38e41a01bd54c7321958ff0c6e3e44984a',
  path: 'hacker_news.csv',
  licence: 'none stated',
} as const;

const reddit = (subreddit: string, genre: Genre, take: number, restricted?: true): RedditSource => ({
  kind: 'reddit',
  subreddit,
  genre,
  take,
  ...(restricted ? { restricted } : {}),
});

/** Ideas are the scarce class: most of the effort goes where they show up. */
export const SOURCES: Source[] = [
  reddit('SomebodyMakeThis', 'idea-board', 200, true),
  reddit('smallbusiness', 'business', 60, true),
  reddit('Entrepreneur', 'business', 50, true),
  reddit('startups', 'business', 50, true),
  reddit('freelance', 'business', 40, true),
  reddit('forhire', 'noise', 30, true),
  reddit('marketing', 'business', 40, true),
  reddit('webdev', 'business', 40, true),
  reddit('web_design', 'business', 30, true),
  reddit('androidapps', 'tool-request', 400),
  reddit('software', 'tool-request', 214),
  reddit('AndroidQuestions', 'tool-request', 50),
  reddit('tasker', 'tool-request', 80),
  reddit('productivity', 'tool-request', 200),
  reddit('ios', 'tool-request', 40),
  reddit('excel', 'tool-request', 100),
  reddit('ideasfortheadmins', 'proposal', 230),
  reddit('CrazyIdeas', 'proposal', 40),
  reddit('highdeas', 'proposal', 160),
  reddit('RealEstate', 'workflow', 45),
  reddit('Accounting', 'workflow', 45),
  reddit('personalfinance', 'workflow', 40),
  reddit('sysadmin', 'workflow', 45),
  reddit('jobbit', 'noise', 25),
  reddit('gameDevClassifieds', 'noise', 25),
  reddit('shamelessplug', 'noise', 25),
  reddit('rant', 'noise', 25),
  reddit('myevilplan', 'noise', 30),
  reddit('SEO', 'noise', 25),
  // Round three: people at work and at home describing needs, where strong ideas are rare.
  ...['business', 'Etsy', 'Teachers', 'photography', 'Parenting', 'nursing', 'GraphicDesign', 'Wordpress'].map(
    (subreddit): RedditSource => ({ ...reddit(subreddit, 'everyday-needs', 0), select: { needs: 40, others: 15 } }),
  ),
  // Round six: two more places where people ask for tools, most of their posts drawn from those
  // that signal a need (r/chrome has 424 posts with text, r/techsupport 949; few ask for a tool).
  ...['chrome', 'techsupport'].map((subreddit): RedditSource => ({
    ...reddit(subreddit, 'tool-request', 0),
    select: { needs: 40, others: 20 },
  })),
  { kind: 'feature-requests', name: 'signal-mastodon-requests', genre: 'feature-request', take: 400 },
  { kind: 'app-reviews', name: 'app-store-reviews', genre: 'review', take: 400 },
  // Round five: Ask HN, where the independent evaluation also draws, as titles without bodies.
  { kind: 'hn-titles', name: 'ask-hn-titles', genre: 'ask-hn', take: 500 },
];
