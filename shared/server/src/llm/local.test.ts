import { describe, expect, it } from 'vitest';
import { FILLER_WORDS } from '@ideamine/shared/filler-words';
import { LocalProvider } from './local';
import type { CategoryOption } from './provider';

/** The categories the local provider gives a title and body, choosing among `options`. */
const categoriesWith = (options: CategoryOption[]) => async (title: string, body: string) =>
  (await new LocalProvider().enrich({ title, body }, options)).value.categories;

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
          "Also, a good way to chase late invoices would be great. I'm sure I've missed some, it's a mess. " +
          'Any advice or an example from your experience? Thanks in advance, guys!',
      },
      [],
    );
    expect(value.keywords).toContain('invoice');
    for (const chatter of ['advice', 'example', 'experience', 'thanks', 'advance', 'guys'])
      expect(value.keywords).not.toContain(chatter);
    for (const k of value.keywords) expect(FILLER_WORDS.has(k) || k.includes("'"), k).toBe(false);
  });

  it('names a topic once, in the singular where that is sure', async () => {
    const { value } = await new LocalProvider().enrich(
      {
        title: 'A list of my subscribed subreddits',
        body:
          'Every subreddit page shows comments, but not the subreddits I follow. Show them with their links, ' +
          'their users online and a comment count per category. Data about the categories would help too.',
      },
      [],
    );
    // Known regular plurals take wink's singular; "subreddits" joins "subreddit" because the text uses both.
    for (const one of ['subreddit', 'comment', 'link', 'user', 'category']) expect(value.keywords).toContain(one);
    for (const many of ['subreddits', 'comments', 'links', 'users', 'categories'])
      expect(value.keywords).not.toContain(many);
    // A learned plural keeps its form: "data", not "datum".
    expect(value.keywords).toContain('data');
    expect(value.keywords).not.toContain('datum');
  });

  it('sums a post up in sentences that say something, or by its title when none does', async () => {
    const provider = new LocalProvider();
    // A real post of the labelled set (r/androidapps), whose summary opened with its first sentence.
    const title = 'Is there an app that will change my wallpaper based on my location?';
    const { value } = await provider.enrich(
      {
        title,
        body:
          'Pretty much what the title says. There was an app called chameleon for my palm pre that would change ' +
          'my wallpaper to a picture of my choice based on my location and I loved it. Here I am 3.5 years later ' +
          "and still can't find an app like that. Thoughts?",
      },
      [],
    );
    expect(value.summary).toContain('an app called chameleon');
    expect(value.summary).not.toContain('Pretty much what the title says');
    expect(value.summary).not.toContain('Thoughts?');
    const empty = await provider.enrich({ title: 'Support for WebSockets', body: 'No description provided.' }, []);
    expect(empty.value.summary).toBe('Support for WebSockets');
  });
});

describe('local categories', () => {
  const options = [
    { slug: 'real-estate', name: 'Real Estate', keywords: ['real estate', 'rent', 'landlord'] },
    { slug: 'developer-tools', name: 'Developer Tools', keywords: ['code', 'api'] },
    { slug: 'education', name: 'Education', keywords: ['learn', 'student'] },
  ];
  const categoriesOf = categoriesWith(options);

  it('match keywords where a word starts, not inside other words', async () => {
    expect(
      await categoriesOf(
        'Calculus app',
        'Step-by-step explanation of differentiations, to decode the current rapid method.',
      ),
    ).toEqual([]);
  });

  it('match longer words built on a keyword, and short keywords only whole', async () => {
    expect(await categoriesOf('Rental listings', 'Landlords lose track of renters. Learning to code is hard.')).toEqual(
      ['real-estate', 'developer-tools', 'education'],
    );
    expect(await categoriesOf('Rapid apis', 'Tools for capital and rapid API design.')).toEqual(['developer-tools']);
    expect(await categoriesOf('Real-estate agents', 'Help for people in real estate.')).toEqual(['real-estate']);
  });
});

describe('local categories, the endings a keyword may take', () => {
  const options = [
    { slug: 'community', name: 'Social & Community', keywords: ['event'] },
    { slug: 'fintech', name: 'Fintech', keywords: ['invest'] },
    { slug: 'travel', name: 'Travel', keywords: ['trip'] },
    { slug: 'ecommerce', name: 'E-commerce', keywords: ['shop'] },
  ];
  const categoriesOf = categoriesWith(options);

  it('take plurals, tenses and the people who do it, with a doubled last letter', async () => {
    expect(await categoriesOf('Events for investors', 'Planned a year ahead.')).toEqual(['community', 'fintech']);
    expect(await categoriesOf('Shopping trips', 'Shops and trips, booked.')).toEqual(['ecommerce', 'travel']);
  });

  it('not a longer word that only starts the same', async () => {
    expect(
      await categoriesOf('Eventually', 'I will investigate the triple shopkeeper... no, the shoplifted tripod.'),
    ).toEqual([]);
  });
});

describe('local categories, set phrases that are not their topic', () => {
  const options = [
    { slug: 'ecommerce', name: 'E-commerce', keywords: ['shop', 'store'] },
    { slug: 'education', name: 'Education', keywords: ['course'] },
    { slug: 'sustainability', name: 'Sustainability', keywords: ['waste'] },
  ];
  const categoriesOf = categoriesWith(options);

  it('leave out "of course", the app stores and a waste of time', async () => {
    // Real wordings from the labelled posts.
    expect(
      await categoriesOf(
        'Is there an app on the Play Store that mutes my phone at night?',
        "Of course I searched the App Store first. It's a waste of time, I wasted time on five apps.",
      ),
    ).toEqual([]);
  });

  it("leave out links: a Play Store or GitHub link's words are not topics", async () => {
    const withCode = [...options, { slug: 'developer-tools', name: 'Developer Tools', keywords: ['github', 'code'] }];
    const { value } = await new LocalProvider().enrich(
      {
        title: 'My app - Medicine Reminder',
        body:
          'Reminds you to take your pills on time: https://play.google.com/store/apps/details?id=com.example.pills ' +
          '(source at github.com/example/pills, notes on code.google.com/p/pills).',
      },
      withCode,
    );
    expect(value.categories).toEqual([]);
  });

  it('read 20,000 characters without a space in milliseconds (the tokenizer once took seconds on them)', async () => {
    const started = performance.now();
    for (const junk of ['a.', 'x-'])
      await new LocalProvider().enrich({ title: 'Junk', body: junk.repeat(10_000) + ' an online store' }, options);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('still find the keyword where it means the topic', async () => {
    expect(
      await categoriesOf('An online store for spare parts', 'A course on food waste, of course, for shop owners.'),
    ).toEqual(['ecommerce', 'education', 'sustainability']);
  });
});

describe('local categories, keywords that name their topic only as nouns', () => {
  const options = [
    { slug: 'ecommerce', name: 'E-commerce', keywords: ['shop', 'store'] },
    { slug: 'productivity', name: 'Productivity', keywords: ['focus'] },
    { slug: 'ai-ml', name: 'AI & Machine Learning', keywords: ['prompt'] },
  ];
  const categoriesOf = categoriesWith(options);

  it('do not count them as verbs: storing recipes is not a shop, being focused is not about focus', async () => {
    expect(
      await categoriesOf(
        'An app to store my recipes',
        'We are focused on families. A friend prompted me to ask: where do you store yours?',
      ),
    ).toEqual([]);
  });

  it('count them as nouns', async () => {
    expect(
      await categoriesOf('An online store for candles', 'A focus timer for the seller. The prompt is too long.'),
    ).toEqual(['ai-ml', 'ecommerce', 'productivity']);
    // wink calls "prompts" a verb here; only the verb forms that never mean the topic are left out.
    expect(await categoriesOf('Save your best prompts', 'Prompting tips to help me focus.')).toEqual([
      'ai-ml',
      'productivity',
    ]);
  });
});

describe('local cues', () => {
  const analyse = async (title: string, body: string) =>
    (await new LocalProvider().analyse({ title, body, categories: [], keywords: [] })).value;

  it('are found where a word starts, never inside another word', async () => {
    // "pain" in "Spain", "api" in "capital", "fee" in "feel" and "coffee", "ads" in "loads",
    // "ai" in "aim" and "air", "new" in "news", "never" in "nevertheless": each used to count as a cue.
    const value = await analyse(
      'A happier coffee feel',
      'I feel happy in Spain with loads of crappy capital, and I knew it. I aim to read the news ' +
        'on the air, nevertheless.',
    );
    expect(value.key_strengths).toEqual([]);
    expect(value.technology_innovation_score).toBe(0.5);
    expect(value.business_model_innovation_score).toBe(0.5);
    expect(value.approach_novelty_score).toBe(0.5);
  });

  it('find longer words built on a cue, plurals of short ones, and symbols anywhere', async () => {
    const value = await analyse(
      'Invoice matching for plumbers',
      'We are wasting hours every week matching invoices by hand and it is painful. ' +
        "I'd pay $20/mo for a tool with APIs that automates it; paying customers are waiting.",
    );
    expect(value.key_strengths).toEqual(
      expect.arrayContaining([
        'Addresses a clearly felt pain point',
        'Evidence of willingness to pay',
        'Saves users measurable time',
        'Recurring revenue potential',
      ]),
    );
    expect(value.technology_innovation_score).toBeGreaterThan(0.5);
  });

  it('find a short cue as a word and a whole-word cue as itself', async () => {
    const value = await analyse('An AI that drafts replies', 'A new way to answer support email, never by hand.');
    expect(value.technology_innovation_score).toBeGreaterThan(0.5);
    expect(value.approach_novelty_score).toBeGreaterThan(0.5);
    expect(value.key_strengths).toContain('Builds on current AI capabilities');
  });
});
