import { describe, expect, it } from 'vitest';
import { compilePattern, compilePatterns, MAX_PATTERN_LENGTH, patternProblem, patternProblems } from './pattern';

// The linear-time engine behind job and schema patterns: what it refuses, in words, and that a
// pattern which backtracks exponentially under RegExp answers at once.

describe('patternProblem', () => {
  it.each([
    ['(\\w+)-\\1', 'a backreference (\\1)'],
    ['(?<id>\\d+)/\\k<id>', 'a named backreference (\\k<name>)'],
    ['/ideas/(?=\\d)', 'a lookahead (?=...)'],
    ['/ideas/(?!draft)', 'a negative lookahead (?!...)'],
    ['(?<=/ideas/)\\d+', 'a lookbehind (?<=...)'],
    ['(?<!draft)/page', 'a negative lookbehind (?<!...)'],
    ['(?>a+)b', 'an atomic group (?>...)'],
    ['a++b', 'a possessive quantifier (such as a++)'],
  ])('refuses %s naming %s', (pattern, construct) => {
    expect(patternProblem(pattern)).toBe(
      `uses ${construct}, which the linear-time pattern engine cannot run; rewrite the pattern without it`,
    );
  });

  it('reads escapes and character classes as literals', () => {
    expect(patternProblem('\\(?=')).toBeNull(); // an escaped parenthesis, then an optional '='
    expect(patternProblem('[(?=]x')).toBeNull();
    expect(patternProblem('[\\]]\\1')).toMatch(/backreference/); // the class ends after \], so \1 is outside
    expect(patternProblem('\\\\1')).toBeNull(); // an escaped backslash, then the digit 1
  });

  it('accepts the patterns people write for URLs', () => {
    for (const p of ['/ideas/\\d+$', '^https?://[^/]+/blog/', '(?i)/Page/', '\\.(pdf|zip)$', '(?<year>\\d{4})/'])
      expect(patternProblem(p)).toBeNull();
  });

  it('says why a pattern does not parse, and refuses one that is too long', () => {
    expect(patternProblem('(unclosed')).toMatch(/^is not a valid regular expression \(missing closing \)/);
    expect(patternProblem('a{1001}')).toMatch(/invalid repeat count/);
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(`is longer than ${MAX_PATTERN_LENGTH} characters`);
  });
});

describe('compilePattern', () => {
  it('matches anywhere, ignoring case', () => {
    const p = compilePattern('/ideas/\\d+$');
    expect(p.test('https://x.example/IDEAS/12')).toBe(true);
    expect(p.test('https://x.example/ideas/12/edit')).toBe(false);
  });

  it('runs (a+)+b on a long hostile text in linear time', () => {
    const hostile = `https://x.example/${'a'.repeat(50_000)}!`;
    const started = performance.now();
    expect(compilePattern('(a+)+b').test(hostile)).toBe(false);
    // RegExp would take longer than the age of the universe here; RE2 reads the text once.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('sorts stored patterns into those that run and those refused, never throwing', () => {
    const { compiled, refused } = compilePatterns(['/a/', '(?=x)', '(bad']);
    expect(compiled.map((p) => p.source)).toEqual(['/a/']);
    expect(refused.map((e) => e.pattern)).toEqual(['(?=x)', '(bad']);
    expect(patternProblems('include_patterns', ['/ok/', '(x)\\1'])).toEqual([
      { field: 'include_patterns', pattern: '(x)\\1', problem: expect.stringMatching(/backreference/) },
    ]);
  });
});
