import { describe, expect, it } from 'vitest';
import { cohensKappa } from './assemble';
import { inUsableQuarter } from './posts';
import { SOURCES } from './sources';
import { sourceName, splitOf } from './split';

// The dataset's fixed rules. A change here would move posts between training and the held-out
// test split, so the sources each split holds are pinned.

describe('the split', () => {
  it('holds out whole sources, stratified by genre, as recorded in DATA.md', () => {
    const held = (split: string) =>
      SOURCES.map(sourceName)
        .filter((s) => s.startsWith('r/') && splitOf(s, 'any') === split)
        .sort();
    expect(held('test')).toEqual(
      [
        'r/AndroidQuestions',
        'r/CrazyIdeas',
        'r/Entrepreneur',
        'r/GraphicDesign',
        'r/RealEstate',
        'r/business',
        'r/ios',
        'r/jobbit',
        'r/shamelessplug',
        'r/startups',
      ].sort(),
    );
    expect(held('validation')).toEqual(
      [
        'r/Accounting',
        'r/Etsy',
        'r/SEO',
        'r/Wordpress',
        'r/freelance',
        'r/gameDevClassifieds',
        'r/highdeas',
        'r/marketing',
        // Round six added r/chrome and r/techsupport to the tool requests: the genre's test
        // sources stayed the same two, and r/productivity and r/tasker moved to training.
        'r/chrome',
        'r/techsupport',
      ].sort(),
    );
  });

  it('splits single-source genres by post, about 20/20/60', () => {
    const counts = { train: 0, validation: 0, test: 0 };
    for (let i = 0; i < 2000; i++) counts[splitOf('r/SomebodyMakeThis', `reddit:SomebodyMakeThis:${i}`)]++;
    expect(counts.test / 2000).toBeCloseTo(0.2, 1);
    expect(counts.validation / 2000).toBeCloseTo(0.2, 1);
  });
});

describe('the quarter rule', () => {
  it('keeps about a quarter of post ids, always the same ones', () => {
    const ids = Array.from({ length: 4000 }, (_, i) => i.toString(36));
    const kept = ids.filter(inUsableQuarter);
    expect(kept.length / ids.length).toBeCloseTo(0.25, 1);
    expect(ids.filter(inUsableQuarter)).toEqual(kept);
  });
});

describe("Cohen's kappa", () => {
  it('is 1 for full agreement and 0 for agreement at chance', () => {
    expect(
      cohensKappa([
        ['a', 'a'],
        ['b', 'b'],
      ]),
    ).toBe(1);
    expect(
      cohensKappa([
        ['a', 'a'],
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'b'],
      ]),
    ).toBe(0);
  });
});
