import { describe, expect, it } from 'vitest';
import { featuresOf, featureValues, MAX_CHARS } from './features';

describe('featuresOf', () => {
  it('reads the title and each sentence as lemmas, bigrams and intents', () => {
    const post = featuresOf('Is there an app for this?', 'Our clients send invoices. We copy them by hand.');
    expect(post.sentences.map((s) => s.text)).toEqual([
      'Is there an app for this?',
      'Our clients send invoices.',
      'We copy them by hand.',
    ]);
    expect(post.sentences[0]!.features).toEqual(
      expect.arrayContaining(['tw:application', 'tb:be_there', 'i:asks_for_tool']),
    );
    // Lemmas: "invoices" and "invoice" are one word.
    expect(post.sentences[1]!.features).toContain('w:invoice');
    expect(post.sentences[2]!.features).toContain('i:painful_workflow');
  });

  it('marks negated words and stands in tokens for numbers, money and links', () => {
    const post = featuresOf('', "It doesn't work. It costs $5 at https://example.com");
    const words = post.sentences.flatMap((s) => s.features);
    expect(words).toContain('w:!work');
    expect(words).toEqual(expect.arrayContaining(['w:<money>', 'w:<num>', 'w:<url>']));
  });

  it('reads a post that only points elsewhere as a link, and a link inside a proposal as a word', () => {
    const linkOnly = featuresOf('Interesting read', 'https://example.com/story/123 via a friend');
    expect(linkOnly.whole).toContain('i:news_or_link');
    const proposal = featuresOf(
      'A site for reading code',
      'Something like https://readthedocs.org but for reading source code, with notes beside each file. ' +
        'Good code is worth reading and nothing makes it pleasant.',
    );
    expect(proposal.whole).not.toContain('i:news_or_link');
    expect(proposal.sentences.flatMap((s) => s.features)).toContain('w:<url>');
    // A feed's footer of links under a real question does not make it news either.
    const fromFeed = featuresOf(
      'Ask HN: Is there a tool that reconciles invoices with bank payments?',
      'Every month I match 300 invoices by hand and would pay for something that did it. ' +
        'Comments URL: https://news.ycombinator.com/item?id=1 Points: 12',
    );
    expect(fromFeed.whole).not.toContain('i:news_or_link');
  });

  it('gives the word features unit length, so a long post does not win by length', () => {
    const norm = (title: string, body: string) => {
      const values = featureValues(featuresOf(title, body));
      return Math.sqrt(
        [...values].filter(([f]) => !f.startsWith('i:') && !f.startsWith('len:')).reduce((s, [, v]) => s + v * v, 0),
      );
    };
    expect(norm('Short', 'One sentence here.')).toBeCloseTo(1);
    expect(
      norm('Long', 'Many different words appear here. '.repeat(5) + 'And yet more vocabulary follows it all.'),
    ).toBeCloseTo(1);
  });

  it("reads r/SomebodyMakeThis's 'SMT' tag as what it says, and never as a word of its own", () => {
    const title = (t: string, body = '') => featuresOf(t, body).sentences[0]!;
    const proposal = (t: string) => title(t).features.includes('i:proposes');
    expect(proposal('[SMT] An app that splits rent')).toBe(true);
    expect(proposal('SMT: a firefox plugin that tracks my time')).toBe(true);
    expect(proposal('SMT (Win7): a utility that scrolls window previews')).toBe(true);
    expect(proposal('An app that splits rent')).toBe(false);
    // The title is quoted as written, not as it was read.
    expect(title('[SMT] An app that splits rent').text).toBe('[SMT] An app that splits rent');
    // Surface-mount technology is not the tag, and the bare word is no feature anywhere.
    expect(proposal('SMT rework station recommendations?')).toBe(false);
    const words = (t: string, body: string) => featuresOf(t, body).sentences.flatMap((s) => s.features);
    expect(
      words('SMT rework station recommendations?', 'Which hot air station do you use for SMT soldering?'),
    ).not.toEqual(expect.arrayContaining([expect.stringMatching(/w:smt$/)]));
    expect(
      words('[SMT] An app that splits rent', 'Like the other SMT posts here.').some((f) => f.endsWith('w:smt')),
    ).toBe(false);
  });

  it('reads a huge post up to a bound, and an empty one as nothing', () => {
    const huge = featuresOf('Title', 'word '.repeat(250_000));
    expect(huge.readChars).toBeLessThanOrEqual(MAX_CHARS + 5);
    expect(featuresOf('  ', '\n\t ').sentences).toEqual([]);
  });

  it('tells English from other languages, negated words included', () => {
    // Real titles (Hacker News ids 10937310 and 10400907 in Folawalker/Exploring-Hacker-News-Posts):
    // a negation early on marks the rest of the sentence, and its stop words still count.
    expect(
      featuresOf("Ask HN: Couldn't HN Submit say a link was already submitted even if title gt 80?", '').english,
    ).toBe(true);
    expect(featuresOf('Ask HN: Why have none of the ~940 YC companies ever gone public via IPO?', '').english).toBe(
      true,
    );
    const spanish = featuresOf(
      '¿Alguien conoce una aplicación para organizar facturas?',
      'Tengo una pequeña empresa y pierdo horas cada semana ordenando las facturas a mano. Pagaría por una aplicación que no lo hiciera mal.',
    );
    expect(spanish.english).toBe(false);
  });
});
