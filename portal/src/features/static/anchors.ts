// Headings of the About pages that other pages link to by their id.

/** "How the profit score is made" on /about/scores: every "Why this score" links to it. */
export const PROFIT_HEADING_ID = 'how-the-profit-score-is-made';
