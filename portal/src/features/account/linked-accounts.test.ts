import { describe, expect, it } from 'vitest';
import { linkedAccountRows } from './linked-accounts';

describe('linkedAccountRows', () => {
  it('lists offered providers and linked ones, in the fixed order', () => {
    const rows = linkedAccountRows(
      [
        { provider: 'github', name: 'GitHub' },
        { provider: 'google', name: 'Google' },
      ],
      [{ provider: 'apple', provider_user_id: 'a1', linked_at: null }],
    );
    expect(rows.map((r) => [r.provider, r.name, r.account?.provider_user_id ?? null])).toEqual([
      ['google', 'Google', null],
      ['github', 'GitHub', null],
      ['apple', 'Apple', 'a1'],
    ]);
  });

  it('is empty when nothing is offered or linked', () => {
    expect(linkedAccountRows([], [])).toEqual([]);
  });
});
