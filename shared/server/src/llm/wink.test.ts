import { describe, expect, it } from 'vitest';
import { forTokenizer, MAX_RUN, readDoc, withLongRuns } from './wink';

describe('forTokenizer', () => {
  it('cuts each run of non-spaces to MAX_RUN characters and leaves the rest as it is', () => {
    expect(forTokenizer('x'.repeat(MAX_RUN))).toBe('x'.repeat(MAX_RUN));
    expect(forTokenizer(`a ${'x-'.repeat(MAX_RUN)} b`)).toBe(`a ${'x-'.repeat(MAX_RUN / 2)} b`);
    const link = `https://play.google.com/store/apps/details?id=com.example.${'a'.repeat(200)}`;
    expect(forTokenizer(`see ${link} now`)).toBe(`see ${link.slice(0, MAX_RUN)} now`);
    expect(forTokenizer('Two\n\nparagraphs,  kept.')).toBe('Two\n\nparagraphs,  kept.');
  });
});

describe('withLongRuns', () => {
  it('puts the links the tokenizer saw cut back into the sentences read from it, whole', () => {
    // From a real r/tasker post in the labelled data: the link is 118 characters long.
    const link =
      'https://chrome.google.com/webstore/detail/stayfocusd/laankejkbhbdhmipfmgcngdelahlfoji/details?hl=en&utm_source=chrome-ntp-icon';
    const text = `I want to mimic [StayFocusd for Chrome](${link}), but I couldn't find an app. Any ideas?`;
    const sentences = readDoc(text).sentences().out() as string[];
    expect(sentences[0]).not.toContain(link);
    const whole = sentences.map(withLongRuns(text));
    expect(whole[0]).toContain(link);
    expect(text).toContain(whole[0]!.trim());
    expect(whole[1]!.trim()).toBe('Any ideas?');
    expect(withLongRuns('short words only')('short words only')).toBe('short words only');
  });
});
