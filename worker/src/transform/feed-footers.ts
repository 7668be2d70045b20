// Aggregator feeds append their own lines to every post: Reddit's "submitted by /u/name to r/sub" and
// "[link] [comments]", hnrss.org's "Article URL:", "Comments URL:", "Points:" and "# Comments:".
// They are not the poster's words. Left in, every post of such a feed would carry the same words
// into its idea's text and into the idea model's features, and a link post would seem to have a
// body of its own.

const FOOTER_LINES = [
  // "to r/sub" where the feed is a subreddit's, a multi or the front page (Reddit names it on all of them).
  /^submitted by \/?u\/[\w-]+(?: to \/?r\/\w+)?$/i,
  /^\[link\](?: \[comments\])?$/i,
  /^\[comments\]$/i,
  /^(?:article url|comments url): \S+$/i,
  /^(?:points|# comments): \d+$/i,
];

/** The text without the aggregator's lines at its end. */
export function withoutFeedFooter(text: string): string {
  const lines = text.split('\n');
  while (lines.length && FOOTER_LINES.some((re) => re.test(lines.at(-1)!.trim()))) lines.pop();
  return lines.join('\n');
}
