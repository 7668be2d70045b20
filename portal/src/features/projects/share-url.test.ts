import { describe, expect, it } from 'vitest';
import { shareUrl } from './share-url';

describe('shareUrl', () => {
  it('puts the token under /shared on the given origin', () => {
    expect(shareUrl('https://ideamine.example', 'abc_DEF-123')).toBe('https://ideamine.example/shared/abc_DEF-123');
  });

  it('does not double the slash after an origin that ends with one', () => {
    expect(shareUrl('http://localhost:5173/', 'tok')).toBe('http://localhost:5173/shared/tok');
  });

  it('escapes anything a token should never hold', () => {
    expect(shareUrl('https://x.example', 'a/b?c')).toBe('https://x.example/shared/a%2Fb%3Fc');
  });
});
