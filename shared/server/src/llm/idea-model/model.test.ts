import { describe, expect, it } from 'vitest';
import { calibrate, ideaModel, SUB_SCORES } from './model';
import { encoderValues } from './encoder';
import { QUOTING_RULE } from './informative';

// The shipped model (model.json, made by `npm run train:quality`) on posts of the kinds it was
// trained on, written for this test.

describe('the idea model', () => {
  const model = ideaModel();

  it('drops a hiring post and says why', async () => {
    const v = await model.assess(
      '[Hiring] Looking for a Unity developer for our 2D platformer',
      'We are hiring a freelance developer. Compensation is $30 per hour, paid weekly. Send your portfolio.',
    );
    expect(v.isIdea).toBe(false);
    expect(v.reason).toBe('not an idea: hiring post');
  });

  it("drops Hacker News's hiring threads and launches, though none was in its training, and says why", async () => {
    const cases: [title: string, body: string, reason: string][] = [
      [
        'Ask HN: Who is hiring? (April 2019)',
        'Please start with the location of the job and say REMOTE, INTERNS or VISA where they apply. Only post ' +
          'if you work at the hiring company; one post per company.',
        'not an idea: hiring post',
      ],
      [
        'Ask HN: Who wants to be hired? (April 2019)',
        'Looking for work? Post your location, whether you would relocate, your skills and how to reach you.',
        'not an idea: offering work (for hire)',
      ],
      [
        'Show HN: A tool that turns your bank export into a monthly budget',
        'I built this over a weekend because I was tired of doing it in a spreadsheet. Feedback welcome.',
        'not an idea: launch or self-promotion',
      ],
    ];
    for (const [title, body, reason] of cases)
      expect(await model.assess(title, body)).toMatchObject({ isIdea: false, reason });
  });

  it('keeps a specific request for a missing tool, with sub-scores and their evidence', async () => {
    const v = await model.assess(
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

  it('quotes no courtesy or aside as evidence, even where it lifts a score', async () => {
    const v = await model.assess(
      'Reply from the notification',
      'Please let me reply to a message from the notification without opening the app. Thanks! ' +
        'Thank you for your great app! (App: Whatsapp)',
    );
    const quotes = Object.values(v.evidence).flat();
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) expect(q).not.toMatch(/^(Thanks!|Thank you|\(App:)/);
  });

  it('was made under the quoting rule the code applies, so stored quotes are re-scored when it changes', async () => {
    expect(model.file.quoting).toBe(QUOTING_RULE);
  });

  it("reads r/SomebodyMakeThis's '[SMT]' as 'Somebody make this:', so a long post keeps the tag's weight", async () => {
    const body =
      'I teach piano to kids and half of them cannot hear the wind-up metronome over their own playing. ' +
      'The phone apps I tried show a tiny number nobody can read from the bench. I want an app that ' +
      'flashes the whole screen on every beat and remembers a list of tempos for each student.';
    const tagged = await model.assess('[SMT] A metronome app whose beat you can see from across the room', body);
    const spelt = await model.assess(
      'Somebody make this: A metronome app whose beat you can see from across the room',
      body,
    );
    expect(tagged.probability).toBe(spelt.probability);
    expect(tagged.isIdea).toBe(true);
    expect(tagged.evidence.demand.concat(tagged.evidence.severity).join(' ')).not.toContain('Somebody make this');
  });

  it("does not take surface-mount 'SMT' for r/SomebodyMakeThis's tag", async () => {
    // Both in one length band: the length of a post is a feature too.
    const body = (smt: string) => `Which hot air station do you use for ${smt}soldering at home? Mine died last week.`;
    const smt = await model.assess('SMT rework station recommendations?', body('SMT '));
    expect(smt.isIdea).toBe(false);
    // The words count for nothing: read beside the same sentence vector, the two score the same.
    const vector = await encoderValues('Rework station recommendations?', body(''), model.file.encoder!);
    const plain = model.score('Rework station recommendations?', body(''), vector);
    expect(model.score('SMT rework station recommendations?', body('SMT '), vector).probability).toBe(
      plain.probability,
    );
  });

  it('records an outcome for empty and huge text, never a crash', async () => {
    expect(await model.assess('', '   ')).toMatchObject({ isIdea: false, reason: 'not an idea: no text' });
    const started = performance.now();
    const huge = await model.assess('A very long post', 'Is there an app for this? '.repeat(40_000));
    expect(huge.readChars).toBeLessThan(7_000);
    // A run without spaces, which the tokenizer reads in time that grows with its square.
    const junk = await model.assess('x-'.repeat(5_000), 'a.'.repeat(20_000));
    expect(junk.isIdea).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('reads the sentence encoder beside words, and will not score without its vector', async () => {
    expect(model.file.encoder).toMatchObject({ words: 25 });
    expect(model.file.features).toContain('e:511');
    expect(() => model.score('Is there an app that splits rent?', '')).toThrow(/sentence vector/);
  });

  it('drops what its words rule out before the encoder reads it, and lets a likely idea through to be read', async () => {
    expect(model.file.screen?.threshold).toBeGreaterThan(0);
    expect(
      model.screenOut(
        model.read(
          '[Hiring] Looking for a Unity developer for our 2D platformer',
          'We are hiring a freelance developer. Compensation is $30 per hour, paid weekly. Send your portfolio.',
        ),
      ),
    ).toBe('not an idea: hiring post');
    expect(model.screenOut(model.read('', '  '))).toBe('not an idea: no text');
    const request = [
      '[SMT] An app that tells me which of my subscriptions renew this week',
      'I pay for a dozen subscriptions and always forget when they renew. Somebody should make an app that ' +
        'reads my bank statements and reminds me a week before each renewal. I would pay a few dollars for it.',
    ] as const;
    const read = model.read(...request);
    expect(model.screenOut(read)).toBeNull();
    const verdict = await model.assess(read);
    expect(verdict.isIdea).toBe(true);
    // Read once or from its text, the same verdict, and the words' values are left as read.
    expect(await model.assess(...request)).toEqual(verdict);
    expect([...read.values.keys()].some((f) => f.startsWith('e:'))).toBe(false);
  });

  it('is deterministic', async () => {
    const a = await model.assess('Is there an app that splits rent?', 'Roommates argue about bills every month.');
    const b = await model.assess('Is there an app that splits rent?', 'Roommates argue about bills every month.');
    expect(a).toEqual(b);
  });

  it('puts an idea that says who pays and how much above the same need voiced idly', async () => {
    const idle = await model.assess(
      'Is there a tool that matches invoices to bank payments for freelancers?',
      'I keep thinking about reconciling invoices for freelancers. It would be great if there was a simple app.',
    );
    const costly = await model.assess(
      'Is there a tool that matches invoices to bank payments for small businesses?',
      'Every week small businesses spend hours reconciling invoices by hand. It is tedious and easy to get ' +
        'wrong. I would happily pay a monthly subscription for this.',
    );
    expect(idle.isIdea && costly.isIdea).toBe(true);
    expect(costly.profit).toBeGreaterThan(idle.profit);
  });
});

describe('calibrate', () => {
  const knots: [number, number][] = [
    [0, 0],
    [1, 3.5],
    [2, 8],
  ];

  it('is linear between knots and flat below the first', async () => {
    expect(calibrate(knots, -1)).toBe(0);
    expect(calibrate(knots, 0.5)).toBeCloseTo(1.75);
    expect(calibrate(knots, 1.5)).toBeCloseTo(5.75);
  });

  it('is flat above the last knot without a tail, and rises toward 10 in order with one', async () => {
    expect(calibrate(knots, 5)).toBe(8);
    const shown = [2, 2.5, 3, 4, 8].map((raw) => calibrate(knots, raw, 1));
    expect(shown[0]).toBe(8);
    for (let i = 1; i < shown.length; i++) expect(shown[i]).toBeGreaterThan(shown[i - 1]!);
    expect(shown.at(-1)).toBeLessThan(10);
    expect(calibrate(knots, 3, 1)).toBeCloseTo(8 + 2 * (1 - Math.exp(-1)));
  });
});
