import { describe, expect, it } from 'vitest';
import { FILLER_WORDS } from '@ideamine/shared/filler-words';
import { LocalProvider } from './local';

// The local provider's enrichment on a real-looking request: keywords name its topics, never a
// filler word that passes the part-of-speech filter ("need", "way", "thing").

describe('LocalProvider.enrich', () => {
  it('keeps filler words out of the keywords', async () => {
    const provider = new LocalProvider();
    const { value } = await provider.enrich(
      {
        title: 'Is there a way to track invoices for a small plumbing business?',
        body:
          'I need a simple thing that matches supplier invoices to jobs. Every week we need hours for it. ' +
          "Also, a good way to chase late invoices would be great. I'm sure I've missed some, it's a mess.",
      },
      [],
    );
    expect(value.keywords).toContain('invoices');
    for (const k of value.keywords) expect(FILLER_WORDS.has(k) || k.includes("'"), k).toBe(false);
  });
});
