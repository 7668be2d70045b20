import { describe, expect, it } from 'vitest';
import { dropSummary, filterIdeas } from './idea-filter';

// The pre-filter on a feed's items: what passes, what is dropped and how the task says so.

const item = (title: string, body: string) => ({ title, body, url: `https://feed.test/${encodeURIComponent(title)}` });

describe('filterIdeas', () => {
  it('keeps a request for a missing tool and drops a hiring post with its reason', async () => {
    const { ideas, dropped } = await filterIdeas([
      item(
        '[SMT] An app that tells me which subscriptions renew this week',
        'I always forget renewals. Somebody should make an app that reads my statements and warns me a week before. I would pay for it.',
      ),
      item('[Hiring] Unity developer wanted', 'We are hiring a developer at $30 per hour. Send your portfolio.'),
    ]);
    expect(ideas.map((i) => i.item.title)).toEqual(['[SMT] An app that tells me which subscriptions renew this week']);
    expect(dropped.map((d) => d.reason)).toEqual(['not an idea: hiring post']);
  });

  it('keeps an item an operator overruled it on, whatever the model says', async () => {
    const hiring = item(
      '[Hiring] Unity developer wanted',
      'We are hiring a developer at $30 per hour. Send your portfolio.',
    );
    expect((await filterIdeas([hiring])).dropped).toHaveLength(1);
    const { ideas, dropped } = await filterIdeas([hiring], new Set([hiring.url]));
    expect(ideas.map((i) => i.item.url)).toEqual([hiring.url]);
    expect(ideas[0]!.verdict.isIdea).toBe(false);
    expect(dropped).toEqual([]);
  });

  it('sums up several dropped items by reason', async () => {
    const reason = (r: string) => ({ item: item('x', 'y'), reason: `not an idea: ${r}` });
    expect(dropSummary([reason('hiring post')])).toBe('not an idea: hiring post');
    expect(dropSummary([reason('hiring post'), reason('news or a link'), reason('hiring post')])).toBe(
      'not ideas: 3 items (2 hiring post, 1 news or a link)',
    );
  });
});
