import { describe, expect, it } from 'vitest';
import { templateOf } from './schedule-tick';

// A schedule saved before patterns were checked for the linear-time engine keeps running: its
// jobs carry the old patterns, which the crawler skips and the job page lists.

describe('templateOf', () => {
  it('keeps stored patterns the engine refuses, checking the rest of the template', () => {
    const parsed = templateOf({
      initial_url: 'https://example.test/',
      include_patterns: ['/ideas/', '/ideas/(?=\\d)'],
      exclude_patterns: ['(x)\\1'],
      max_pages: 5,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      include_patterns: ['/ideas/', '/ideas/(?=\\d)'],
      exclude_patterns: ['(x)\\1'],
      max_pages: 5,
    });
  });

  it('still refuses a template that is wrong in any other way', () => {
    expect(templateOf({ initial_url: 'not a url', include_patterns: ['(?=x)'] }).success).toBe(false);
    expect(templateOf({ initial_url: 'https://example.test/', include_patterns: [5] }).success).toBe(false);
    expect(templateOf(null).success).toBe(false);
  });

  it('leaves a template without patterns as the contract parses it', () => {
    const parsed = templateOf({ initial_url: 'https://example.test/' });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.include_patterns).toBeUndefined();
  });
});
