import { describe, expect, it } from 'vitest';
import { linkCallbackSearch, planLinkCallback, providerOf } from './link-callback';

describe('link callback', () => {
  it('sends code, state and iss to the API', () => {
    expect(planLinkCallback({ code: 'c', state: 's', iss: 'https://issuer' }, 'Google')).toEqual({
      kind: 'link',
      body: { code: 'c', state: 's', iss: 'https://issuer' },
    });
    expect(planLinkCallback({ code: 'c', state: 's' }, 'Google')).toEqual({
      kind: 'link',
      body: { code: 'c', state: 's' },
    });
  });

  it('says why when the provider declined or sent no code', () => {
    expect(planLinkCallback({ error: 'access_denied', state: 's' }, 'GitHub')).toEqual({
      kind: 'refused',
      message: 'GitHub did not link the account: access_denied',
    });
    expect(planLinkCallback({ state: 's' }, 'GitHub').kind).toBe('refused');
  });

  it('knows only the providers of the contract', () => {
    expect(providerOf('apple')).toBe('apple');
    expect(providerOf('myspace')).toBeNull();
  });

  it('keeps only string search values', () => {
    expect(linkCallbackSearch.parse({ code: 'c', state: 7, scope: 'email' })).toEqual({ code: 'c', state: undefined });
  });
});
