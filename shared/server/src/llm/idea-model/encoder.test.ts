import { describe, expect, it } from 'vitest';
import { embed, ENCODER, encoderFeature, encoderText, encoderValues, readAfresh, stopEncoder } from './encoder';

// The sentence encoder as the idea model reads it: which words it reads, and what its vectors say.

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((v, i) => {
    dot += v * b[i]!;
    na += v * v;
    nb += b[i]! * b[i]!;
  });
  return dot / Math.sqrt(na * nb);
};

describe('encoderText', () => {
  it('reads the title, then the body, up to the word limit', () => {
    const body = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const text = encoderText('Is there an app', body);
    expect(text.split(' ')).toHaveLength(ENCODER.words);
    expect(text.startsWith('Is there an app. w0 w1')).toBe(true);
    expect(encoderText('', '  only a body  ')).toBe('only a body');
  });

  it("spells out r/SomebodyMakeThis's tag as the word features do", () => {
    expect(encoderText('[SMT] A metronome you can see', '')).toBe(
      encoderText('Somebody make this: A metronome you can see', ''),
    );
  });

  it('cuts a run without spaces, so a megabyte of junk reads as a few characters', () => {
    const text = encoderText('x'.repeat(1_000_000), 'y');
    expect(text.length).toBeLessThan(200);
  });
});

describe('the sentence encoder', () => {
  it('gives 512 values, the same alone as in a batch, and the same every time', async () => {
    const text = 'Is there an app that reminds me when my subscriptions renew?';
    const alone = await readAfresh(text);
    const [batched] = await Promise.all([
      readAfresh(text),
      readAfresh('We are hiring a Unity developer'),
      readAfresh('Hello'),
    ]);
    expect(alone).toHaveLength(512);
    expect(batched).toEqual(alone);
    expect(await readAfresh(text)).toEqual(alone);
    // Read through the recent texts, the same again.
    expect(await embed(text)).toEqual(alone);
    expect(encoderFeature(7)).toBe('e:007');
  });

  it('puts two requests for a tool, worded apart, nearer each other than a request and a hiring post', async () => {
    const ask = await encoderValues('Is there an app that splits rent between roommates?', '', ENCODER);
    const other = await encoderValues('Does any tool exist to share bills with flatmates?', '', ENCODER);
    const hiring = await encoderValues('[Hiring] Unity developer wanted, $30 per hour', '', ENCODER);
    expect(cosine(ask, other)).toBeGreaterThan(cosine(ask, hiring) + 0.1);
  });

  it('scales its values as the model file says', async () => {
    const raw = await embed(encoderText('Is there an app', 'for this'));
    const scaled = await encoderValues('Is there an app', 'for this', { ...ENCODER, scale: 0.5 });
    expect(scaled[3]).toBeCloseTo(raw[3]! * 0.5, 10);
  });
});

describe('the sentence encoder on bad input', () => {
  it('gives zeros for no text, and reads the texts batched with it all the same', async () => {
    const alone = await readAfresh('Is there an app that splits rent?');
    const [empty, beside] = await Promise.all([embed(''), readAfresh('Is there an app that splits rent?')]);
    expect(empty).toHaveLength(512);
    expect(empty.every((v) => v === 0)).toBe(true);
    expect(beside).toEqual(alone);
    expect(encoderText('', '   ')).toBe('');
  });
});

describe('a title that is the opening of the body', () => {
  it('is read once, as part of the body', () => {
    const body = 'I have thirty plants and forget which ones I watered. Every morning I check each pot by hand.';
    expect(encoderText(body.slice(0, 60), body)).toBe(encoderText('', body));
    expect(encoderText('I have thirty plants…', body)).toBe(encoderText('', body));
    expect(encoderText('Plant watering app', body).startsWith('Plant watering app. I have')).toBe(true);
  });
});

describe("the encoder's thread", () => {
  it('fails the batch it held when it stops, and starts again for the next text', async () => {
    const text = 'Someone should build an app that tracks shared household chores fairly.';
    const before = await readAfresh(text);
    const held = readAfresh(`${text} Please.`);
    await new Promise((resolve) => setImmediate(resolve)); // the batch is sent
    await stopEncoder();
    await expect(held).rejects.toThrow(/sentence encoder's thread stopped/);
    expect(await readAfresh(text)).toEqual(before);
  });
});
