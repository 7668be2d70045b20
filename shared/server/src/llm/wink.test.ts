import { describe, expect, it } from 'vitest';
import { forTokenizer, MAX_RUN } from './wink';

describe('forTokenizer', () => {
  it('cuts each run of non-spaces to MAX_RUN characters and leaves the rest as it is', () => {
    expect(forTokenizer('x'.repeat(MAX_RUN))).toBe('x'.repeat(MAX_RUN));
    expect(forTokenizer(`a ${'x-'.repeat(MAX_RUN)} b`)).toBe(`a ${'x-'.repeat(MAX_RUN / 2)} b`);
    const link = `https://play.google.com/store/apps/details?id=com.example.${'a'.repeat(200)}`;
    expect(forTokenizer(`see ${link} now`)).toBe(`see ${link.slice(0, MAX_RUN)} now`);
    expect(forTokenizer('Two\n\nparagraphs,  kept.')).toBe('Two\n\nparagraphs,  kept.');
  });
});
