import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adviceBars, FIXED_ADVICE_BAR, type AdviceFile } from './advice';
import { ideaModel, SUB_SCORES } from './model';

// Advice starts at the lower third of what the shipped model gives the ideas it keeps.

const file = JSON.parse(readFileSync(new URL('./advice.json', import.meta.url), 'utf8')) as AdviceFile;

describe('where advice on a sub-score starts', () => {
  it('comes from the shipped model: `npm run train:quality` wrote both files together', () => {
    expect(file.model_version).toBe(ideaModel().file.version);
    expect(file.share_below).toBeCloseTo(1 / 3, 4);
  });

  it("is the local model's lower third, which sits below the fixed bar where its sub-scores run low", () => {
    expect(adviceBars('local')).toEqual(file.below);
    // Labelled ideas average a severity of 2.3: a bar of 5 would advise on nearly every idea.
    expect(file.below.severity).toBeLessThan(FIXED_ADVICE_BAR);
    expect(file.below.monetization).toBeLessThan(FIXED_ADVICE_BAR);
  });

  it("is the fixed bar for another provider's sub-scores", () => {
    expect(adviceBars('openai')).toEqual(Object.fromEntries(SUB_SCORES.map((k) => [k, FIXED_ADVICE_BAR])));
  });
});
