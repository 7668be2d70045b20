/** Lists edited in a text box, one entry per line (patterns, keywords, goals); blank lines are dropped. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
