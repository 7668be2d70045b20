import { describe, expect, it } from 'vitest';
import { intentsOf } from './intents';

// Each detector on wording of the kind the labelled posts use (paraphrased, not copied).

describe('intentsOf', () => {
  it.each([
    ['Is there an app that reminds me when each plant needs water?', 'asks_for_tool'],
    ['Looking for a tool that merges PDFs and keeps bookmarks', 'asks_for_tool'],
    ['Somebody should make a site where you enter a budget and it lists flights', 'proposes'],
    ['It would be great if the app let me mute a hashtag', 'proposes'],
    ['Every month I copy 400 invoice lines into Excel by hand', 'painful_workflow'],
    ["I'd happily pay for something that did this", 'would_pay'],
    ["I'd happily pay for something that did this", 'offers_to_pay'],
    ['If someone made wristbands like that, I would totally buy some', 'offers_to_pay'],
    ['Shut up and take my money', 'offers_to_pay'],
    ['The product idea is a simple SaaS tool for dentists', 'pitches'],
    ['[Hiring] Unity developer for a 2D platformer', 'hiring'],
    ['[For Hire] Logo designer, my portfolio is below', 'for_hire'],
    ['I built an app that tracks your runs, check it out', 'launch'],
    ['Google acquires a thermostat maker, according to reports', 'news_or_link'],
    ['How do I reset my router?', 'question'],
    ['The app crashes since the last update', 'bug'],
    ['Rant: I am sick of my landlord', 'rant'],
    // Hacker News titles carry their own conventions (titles in its Ask HN and Show HN formats).
    ['Ask HN: Who is hiring? (March 2018)', 'hiring'],
    ['Ask HN: Who wants to be hired? (March 2018)', 'for_hire'],
    ['Show HN: A static site generator for recipe collections', 'launch'],
    ['Ask HN: Is there a tool to track competitor pricing?', 'asks_for_tool'],
  ])('reads %j as %s', (text, intent) => {
    expect(intentsOf(text)).toContain(intent);
  });

  it('matches whole words only', () => {
    expect(intentsOf('This crappy weather makes me feel tired')).toEqual([]);
    expect(intentsOf('The appetite for apples')).not.toContain('asks_for_tool');
  });

  it('reads an offer to pay only in the first person, not any talk of payment', () => {
    expect(intentsOf('I pay a monthly subscription and it still crashes')).not.toContain('offers_to_pay');
    expect(intentsOf('My rent is $900 a month')).not.toContain('offers_to_pay');
    expect(intentsOf('We would pay for a tool that did this')).toContain('offers_to_pay');
  });

  it('reads curly apostrophes like straight ones', () => {
    expect(intentsOf('I’d pay for that')).toContain('would_pay');
  });
});
