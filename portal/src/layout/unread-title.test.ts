import { describe, expect, it } from 'vitest';
import { titleWithUnread } from './unread-title';

describe('the unread count in the tab title', () => {
  it('goes in front, replaces a count it carried and goes away at zero', () => {
    expect(titleWithUnread('Search · Ideamine', 3)).toBe('(3) Search · Ideamine');
    expect(titleWithUnread('(3) Search · Ideamine', 2)).toBe('(2) Search · Ideamine');
    expect(titleWithUnread('(2) Search · Ideamine', 0)).toBe('Search · Ideamine');
    expect(titleWithUnread('Search · Ideamine', 0)).toBe('Search · Ideamine');
  });

  it('leaves a title that starts with a number of its own alone when there is nothing unread', () => {
    expect(titleWithUnread('(Re)thinking invoices · Ideamine', 0)).toBe('(Re)thinking invoices · Ideamine');
    expect(titleWithUnread('2024 budget app · Ideamine', 1)).toBe('(1) 2024 budget app · Ideamine');
  });
});
