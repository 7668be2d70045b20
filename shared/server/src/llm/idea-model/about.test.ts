import { describe, expect, it } from 'vitest';
import { profitLabel } from '../scoring';
import { aboutTheScores } from './about';
import { ideaModel } from './model';

// What "About the scores" says of the profit scale must be what the shipped model does.

describe('the profit scale published on the About page', () => {
  it("names each label's lowest score and the share of kept posts below it, in rising order", () => {
    expect(aboutTheScores().profit_scale).toEqual([
      { label: 'Low', from_score: 3.5, kept_below: 0.15 },
      { label: 'Medium', from_score: 5, kept_below: 0.45 },
      { label: 'High', from_score: 6.5, kept_below: 0.75 },
      { label: 'Very High', from_score: 8, kept_below: 0.9 },
    ]);
  });

  it("is the shipped model's calibration: its knots land on those scores, each the label it starts", () => {
    const shown = ideaModel().file.profit.calibration.map(([, s]) => s);
    const scale = aboutTheScores().profit_scale;
    expect(shown).toEqual([0, ...scale.map((s) => s.from_score)]);
    for (const s of scale) expect(profitLabel(s.from_score)).toBe(s.label);
  });
});
