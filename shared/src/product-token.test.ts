import { describe, expect, it } from 'vitest';
import { productToken } from './product-token';
import { KNOWN_SETTINGS } from './settings';

describe('the product token robots.txt groups are matched against', () => {
  it('is the crawler name of a plain or browser-compatible user agent', () => {
    expect(productToken('IdeamineBot/0.1')).toBe('ideaminebot');
    expect(productToken('Mozilla/5.0 (compatible; IdeamineBot/0.1; +https://ideamine.example/bot)')).toBe(
      'ideaminebot',
    );
    expect(productToken('Mozilla/5.0 IdeamineBot/2.0')).toBe('ideaminebot');
    expect(productToken('Foo_Bar-Bot')).toBe('foo_bar-bot');
  });

  it('is never Mozilla, and a user agent naming nothing else is refused as a setting', () => {
    expect(productToken('Mozilla/5.0')).toBeNull();
    expect(productToken('/0.1')).toBeNull();
    const schema = KNOWN_SETTINGS['crawl.user_agent'].schema;
    expect(schema.safeParse('Mozilla/5.0').success).toBe(false);
    expect(schema.safeParse('IdeamineBot/0.1').success).toBe(true);
  });
});
