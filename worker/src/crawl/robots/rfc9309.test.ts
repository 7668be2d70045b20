import { describe, expect, it } from 'vitest';
import { parseRobots } from './parse';
import { groupsFor, isAllowedBy, matchTarget } from './match';

// The examples of RFC 9309 itself (rfc-editor.org/rfc/rfc9309), beside Google's vectors.

const allowed = (robotstxt: string, url: string, agent = 'ideaminebot') =>
  isAllowedBy(groupsFor(parseRobots(robotstxt), agent), matchTarget(url));

describe('RFC 9309', () => {
  it('2.2.2: the percent-encoding table', () => {
    const deny = 'User-agent: *\nDisallow: /\n';
    expect(allowed(deny + 'Allow: /foo/bar?baz=quz\n', 'https://example.com/foo/bar?baz=quz')).toBe(true);
    expect(allowed(deny + 'Allow: /foo/bar/ツ\n', 'https://example.com/foo/bar/%E3%83%84')).toBe(true);
    expect(allowed(deny + 'Allow: /foo/bar/%E3%83%84\n', 'https://example.com/foo/bar/ツ')).toBe(true);
    expect(allowed(deny + 'Allow: /foo/bar/%62%61%7A\n', 'https://example.com/foo/bar/%62%61%7A')).toBe(true);
  });

  it('2.2.2: /robots.txt is implicitly allowed', () => {
    expect(allowed('User-agent: *\nDisallow: /\n', 'https://example.com/robots.txt')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /\n', 'https://example.com/robots.txt.bak')).toBe(false);
  });

  it('2.2.3: * and $ are special; written %2A and %24 they match the characters themselves', () => {
    expect(
      allowed('User-agent: *\nDisallow: /path/file-with-a-%2A.html\n', 'https://example.com/path/file-with-a-*.html'),
    ).toBe(false);
    expect(
      allowed('User-agent: *\nDisallow: /path/file-with-a-%2A.html\n', 'https://example.com/path/file-with-a-b.html'),
    ).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /path/foo-%24\n', 'https://example.com/path/foo-$')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /path/foo-$\n', 'https://example.com/path/foo-')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /path/foo-$\n', 'https://example.com/path/foo-$')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /*.gif$\n', 'https://example.com/a/b.gif')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /*.gif$\n', 'https://example.com/a/b.gif?x')).toBe(true);
  });

  it('2.2.1: groups for the same agent are combined; matching is case-insensitive', () => {
    const txt =
      'User-agent: IdeamineBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nuser-agent: ideaminebot\nDisallow: /b\n';
    expect(allowed(txt, 'https://example.com/a')).toBe(false);
    expect(allowed(txt, 'https://example.com/b')).toBe(false);
    expect(allowed(txt, 'https://example.com/c')).toBe(true);
  });

  it('5.1: the example file', () => {
    const txt = [
      'User-Agent: *',
      'Disallow: *.gif$',
      'Disallow: /example/',
      'Allow: /publications/',
      '',
      'User-Agent: foobot',
      'Disallow:/',
      'Allow:/example/page.html',
      'Allow:/example/allowed.gif',
      '',
      'User-Agent: barbot',
      'User-Agent: bazbot',
      'Disallow: /example/page.html',
      '',
      'User-Agent: quxbot',
      '',
      'EOF',
    ].join('\n');
    expect(allowed(txt, 'https://example.com/example/page.html', 'foobot')).toBe(true);
    expect(allowed(txt, 'https://example.com/example/allowed.gif', 'foobot')).toBe(true);
    expect(allowed(txt, 'https://example.com/other', 'foobot')).toBe(false);
    expect(allowed(txt, 'https://example.com/example/page.html', 'barbot')).toBe(false);
    expect(allowed(txt, 'https://example.com/example/page.html', 'bazbot')).toBe(false);
    expect(allowed(txt, 'https://example.com/example/other.html', 'bazbot')).toBe(true);
    // quxbot's group is empty: everything allowed, the * group does not apply.
    expect(allowed(txt, 'https://example.com/example/x.gif', 'quxbot')).toBe(true);
    expect(allowed(txt, 'https://example.com/example/x', 'otherbot')).toBe(false);
    expect(allowed(txt, 'https://example.com/publications/a', 'otherbot')).toBe(true);
  });
});

describe('matching cost', () => {
  it('needs no backtracking on a hostile file: long rules full of stars against a long URL', () => {
    const rules = Array.from({ length: 200 }, (_, i) => `Disallow: /${'a*'.repeat(1000)}b${i}$`).join('\n');
    const robots = parseRobots(`User-agent: *\n${rules}\n`);
    const url = `https://example.com/${'a'.repeat(2000)}`;
    // With backtracking this would not finish; it returns at once (the test's own timeout guards it).
    expect(isAllowedBy(groupsFor(robots, 'ideaminebot'), matchTarget(url))).toBe(true);
  });
});
