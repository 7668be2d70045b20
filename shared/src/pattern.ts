import { RE2JS } from 're2js';

// Regular expressions that people supply (a job's include and exclude patterns, a schema's follow
// patterns) run on text an attacker may choose: a crawled URL. JavaScript's RegExp backtracks, so
// a pattern like (a+)+b takes exponential time on the wrong URL and stalls whatever thread runs
// it. These patterns are compiled by re2js, a pure-JavaScript port of RE2, whose matching time
// grows linearly with the text whatever the pattern. It runs in the browser too, so the portal and
// the API refuse exactly what the worker could not run.

/** The longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 300;
/** The most patterns one list (include, exclude or follow) may hold. */
export const MAX_PATTERNS_PER_LIST = 20;
/** The most include and exclude patterns one job may hold together. */
export const MAX_PATTERNS_PER_JOB = 30;

/** Constructs that need backtracking, named the way a person looks them up. */
const UNSUPPORTED: { test: RegExp; name: string }[] = [
  { test: /^\\[1-9]/, name: 'a backreference (\\1)' },
  { test: /^\\k</, name: 'a named backreference (\\k<name>)' },
  { test: /^\(\?=/, name: 'a lookahead (?=...)' },
  { test: /^\(\?!/, name: 'a negative lookahead (?!...)' },
  { test: /^\(\?<=/, name: 'a lookbehind (?<=...)' },
  { test: /^\(\?<!/, name: 'a negative lookbehind (?<!...)' },
  { test: /^\(\?>/, name: 'an atomic group (?>...)' },
  { test: /^[*+?}]\+/, name: 'a possessive quantifier (such as a++)' },
];

/** The first construct in the pattern that a linear-time engine cannot run, or null. */
function unsupportedConstruct(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && inClass) {
      i++; // an escaped character inside [...] is literal
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    if (inClass) continue;
    const rest = pattern.slice(i, i + 4);
    const found = UNSUPPORTED.find((u) => u.test.test(rest));
    if (found) return found.name;
    if (ch === '\\') i++; // skip what an escape escapes, so \( is not read as a group
  }
  return null;
}

/**
 * Why the pattern cannot be used, in words that start after the field's name ("uses a lookahead
 * (?=...), which ..."), or null when it can.
 */
export function patternProblem(pattern: string): string | null {
  const parsed = parse(pattern, 0);
  return 'problem' in parsed ? parsed.problem : null;
}

/** The pattern compiled with the flags, or why it cannot be: one compile whichever way it goes. */
function parse(pattern: string, flags: number): { re: RE2JS } | { problem: string } {
  if (pattern.length > MAX_PATTERN_LENGTH) return { problem: `is longer than ${MAX_PATTERN_LENGTH} characters` };
  const construct = unsupportedConstruct(pattern);
  if (construct)
    return {
      problem: `uses ${construct}, which the linear-time pattern engine cannot run; rewrite the pattern without it`,
    };
  try {
    return { re: RE2JS.compile(pattern, flags) };
  } catch (err) {
    const reason = (err as Error).message.replace(/^error parsing regexp: /, '');
    return { problem: `is not a valid regular expression (${reason})` };
  }
}

/** A compiled pattern: case-insensitive, true when it matches anywhere in the text. */
export interface Pattern {
  readonly source: string;
  test(text: string): boolean;
}

export class PatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly problem: string,
  ) {
    super(`Pattern ${JSON.stringify(pattern)} ${problem}`);
  }
}

/** Compiles a pattern for matching in linear time; throws PatternError naming what is wrong. */
export function compilePattern(pattern: string): Pattern {
  const parsed = parse(pattern, RE2JS.CASE_INSENSITIVE);
  if ('problem' in parsed) throw new PatternError(pattern, parsed.problem);
  return { source: pattern, test: (text) => parsed.re.matcher(text).find() };
}

/** Compiles the patterns that can run; the rest come back as problems, for the caller to report. */
export function compilePatterns(patterns: readonly string[]): { compiled: Pattern[]; refused: PatternError[] } {
  const compiled: Pattern[] = [];
  const refused: PatternError[] = [];
  for (const p of patterns) {
    try {
      compiled.push(compilePattern(p));
    } catch (err) {
      if (!(err instanceof PatternError)) throw err;
      refused.push(err);
    }
  }
  return { compiled, refused };
}

/** A stored pattern the engine refuses (saved before patterns were checked this way): skipped, and shown. */
export interface PatternProblem {
  field: string;
  pattern: string;
  problem: string;
}

/** The stored patterns of one field that cannot run, each with the reason. */
export function patternProblems(field: string, patterns: readonly string[]): PatternProblem[] {
  return patterns.flatMap((pattern) => {
    const problem = patternProblem(pattern);
    return problem ? [{ field, pattern, problem }] : [];
  });
}
