import { describe, expect, it } from 'vitest';
import { featuresOf } from './features';

// Sentences the shipped model quoted as evidence before this rule, from the labelled posts
// (worker/quality): the first group explained nothing to a reader, the second does.
const quotable = (body: string) =>
  featuresOf('A title', body)
    .sentences.slice(1)
    .map((s) => [s.text, s.quotable]);

describe('which sentences may be quoted as evidence', () => {
  it('leaves out courtesies, pointers to the title, asides and sentences with too few content words', () => {
    for (const text of [
      'Thanks!',
      'Thank you for your time',
      'Thanks,Keep up the good work.',
      'regards, chmol',
      'Pretty much what the title says.',
      '(App: Whatsapp)',
      '[DrZen also made a Firefox add-on.]',
      'Is there any such thing?',
      'I really do.',
      'Thoughts?',
      'Once we have this, then',
    ])
      expect(quotable(text), text).toEqual([[text, false]]);
  });

  it('quotes sentences that state a need, a pain or a price, however short', () => {
    for (const text of [
      'I would pay $5 a month.',
      'Would pay 10 bucks for this.',
      'swipe to delete messages',
      'Every month I copy 400 invoice lines from PDFs into Excel by hand.',
      'Thanks in advance to whoever builds a tool that reconciles supplier invoices with our jobs every week.',
      "As stated in the title, I'm looking for an app that vibrates when I press a volume button.",
      'Hey, any app for splitting rent?',
      'Best app for tracking my runs?',
    ])
      expect(quotable(text), text).toEqual([[text, true]]);
  });

  it('always quotes the title: it names what the post is about', () => {
    expect(featuresOf('Theme support', 'Thanks!').sentences[0]).toMatchObject({
      text: 'Theme support',
      quotable: true,
    });
  });
});
