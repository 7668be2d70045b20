import { describe, expect, it } from 'vitest';
import { ideaModel, SUB_SCORES } from './model';

// The shipped model (model.json, made by `npm run train:quality`) on posts of the kinds it was
// trained on, written for this test.

describe('the idea model', () => {
  const model = ideaModel();

  it('drops a hiring post and says why', () => {
    const v = model.score(
      '[Hiring] Looking for a Unity developer for our 2D platformer',
      'We are hiring a freelance developer. Compensation is $30 per hour, paid weekly. Send your portfolio.',
    );
    expect(v.isIdea).toBe(false);
    expect(v.reason).toBe('not an idea: hiring post');
  });

  it('keeps a specific request for a missing tool, with sub-scores and their evidence', () => {
    const v = model.score(
      '[SMT] An app that tells me which of my subscriptions renew this week',
      'I pay for a dozen subscriptions and always forget when they renew. Somebody should make an app that ' +
        'reads my bank statements and reminds me a week before each renewal. I would pay a few dollars for it.',
    );
    expect(v.isIdea).toBe(true);
    expect(v.reason).toBeNull();
    for (const k of SUB_SCORES) {
      expect(v.subScores[k]).toBeGreaterThanOrEqual(0);
      expect(v.subScores[k]).toBeLessThanOrEqual(10);
    }
    expect(v.profit).toBeGreaterThan(0);
    // Evidence is sentences of the post itself.
    const text = 'I pay for a dozen subscriptions';
    expect(
      Object.values(v.evidence)
        .flat()
        .some((s) => s.startsWith(text) || s.includes('Somebody should make')),
    ).toBe(true);
    expect(v.modelVersion).toMatch(/^idea-model-[0-9a-f]{10}$/);
  });

  it('records an outcome for empty and huge text, never a crash', () => {
    expect(model.score('', '   ')).toMatchObject({ isIdea: false, reason: 'not an idea: no text' });
    const started = performance.now();
    const huge = model.score('A very long post', 'Is there an app for this? '.repeat(40_000));
    expect(huge.readChars).toBeLessThan(7_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('is deterministic', () => {
    const a = model.score('Is there an app that splits rent?', 'Roommates argue about bills every month.');
    const b = model.score('Is there an app that splits rent?', 'Roommates argue about bills every month.');
    expect(a).toEqual(b);
  });
});
