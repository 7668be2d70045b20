import { describe, expect, it } from 'vitest';
import { keepVerbatimQuotes } from './verbatim-quotes';

const post =
  'Invoice chaser\nEvery month I copy 400 invoice lines from PDFs into Excel by hand. ' +
  "I'd pay $50 a month for something that did it.";

describe('keepVerbatimQuotes', () => {
  it('keeps quotes of the post, whatever their case, spacing, quote marks or end punctuation', () => {
    const kept = keepVerbatimQuotes(
      {
        severity: ['every month I copy 400 invoice lines   from PDFs into Excel by hand'],
        demand: ['Invoice chaser'],
        monetization: ['\u201cI\u2019d pay $50 a month for something that did it!\u201d'],
        implementation: [],
      },
      post,
    );
    expect(kept.severity).toEqual(['every month I copy 400 invoice lines   from PDFs into Excel by hand']);
    expect(kept.demand).toEqual(['Invoice chaser']);
    expect(kept.monetization).toHaveLength(1);
  });

  it('drops quotes the post does not say: paraphrases, inventions, empty strings, repeats', () => {
    const kept = keepVerbatimQuotes(
      {
        severity: [
          'Every month they copy invoice lines by hand.',
          'Every month I copy 400 invoice lines from PDFs into Excel by hand.',
          'Every month I copy 400 invoice lines from PDFs into Excel by hand.',
        ],
        demand: ['Every accountant in the world has this problem.'],
        monetization: ['  ', '...'],
        implementation: ['A simple web app would do.'],
      },
      post,
    );
    expect(kept).toEqual({
      severity: ['Every month I copy 400 invoice lines from PDFs into Excel by hand.'],
      demand: [],
      monetization: [],
      implementation: [],
    });
  });
});
