import { describe, expect, it } from 'vitest';
import { paginate } from '@ideamine/shared/envelope';
import { pagerLabel } from './pager-label';

describe('pagerLabel', () => {
  it('names the page and an exact total', () => {
    expect(pagerLabel(paginate(175, 2, 10))).toBe('Page 2 of 18 · 175 ideas');
    expect(pagerLabel(paginate(7, 1, 10), ['result', 'results'])).toBe('7 results');
  });

  it('names one of a thing in the singular', () => {
    expect(pagerLabel(paginate(1, 1, 10), ['watchlist', 'watchlists'])).toBe('1 watchlist');
    expect(pagerLabel(paginate(1, 1, 10))).toBe('1 idea');
    expect(pagerLabel(paginate(0, 1, 10), ['match', 'matches'])).toBe('0 matches');
  });

  it('says "about" when the server estimated the total', () => {
    expect(pagerLabel(paginate(220_000, 1, 10, true))).toBe('Page 1 of about 22,000 · about 220,000 ideas');
  });
});
