import { describe, expect, it } from 'vitest';
import { encodePattern, parseRobots } from './parse';
import { groupsFor, isAllowedBy, matchTarget } from './match';

// Google's reference parser's test vectors (github.com/google/robotstxt, robots_test.cc, Apache
// 2.0), each case restated as data: the robots.txt, the crawler's product token, the URL and
// whether Google's parser allows it. The test names follow the TEST() names there. Where this
// crawler differs on purpose, the case says why.

function allowed(robotstxt: string, agent: string, url: string): boolean {
  return isAllowedBy(groupsFor(parseRobots(robotstxt), agent.toLowerCase()), matchTarget(url));
}

type Case = [robotstxt: string, agent: string, url: string, allowed: boolean];

function check(cases: Case[]) {
  for (const [robotstxt, agent, url, expected] of cases) {
    expect({ robotstxt, agent, url, allowed: allowed(robotstxt, agent, url) }).toEqual({
      robotstxt,
      agent,
      url,
      allowed: expected,
    });
  }
}

describe("Google's robots.txt test vectors", () => {
  it('GoogleOnly_SystemTest: an empty file or agent allows everything', () => {
    check([
      ['', 'FooBot', 'http://foo.bar/', true],
      ['user-agent: FooBot\ndisallow: /\n', '', 'http://foo.bar/', true],
    ]);
  });

  it('ID_LineSyntax_Line: a missing colon is accepted, unknown keys are not rules', () => {
    const url = 'http://foo.bar/x/y';
    check([
      ['user-agent: FooBot\ndisallow: /\n', 'FooBot', url, false],
      ['foo: FooBot\nbar: /\n', 'FooBot', url, true],
      ['user-agent FooBot\ndisallow /\n', 'FooBot', url, false],
    ]);
  });

  it('ID_LineSyntax_Groups: groups, combined groups and rules outside any group', () => {
    const txt =
      'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n' +
      'allow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';
    check([
      [txt, 'FooBot', 'http://foo.bar/x/b', true],
      [txt, 'FooBot', 'http://foo.bar/z/d', true],
      [txt, 'FooBot', 'http://foo.bar/y/c', false],
      [txt, 'BarBot', 'http://foo.bar/y/c', true],
      [txt, 'BarBot', 'http://foo.bar/w/a', true],
      [txt, 'BarBot', 'http://foo.bar/z/d', false],
      [txt, 'BazBot', 'http://foo.bar/z/d', true],
      [txt, 'FooBot', 'http://foo.bar/foo/bar/', false],
      [txt, 'BarBot', 'http://foo.bar/foo/bar/', false],
      [txt, 'BazBot', 'http://foo.bar/foo/bar/', false],
    ]);
  });

  it('ID_LineSyntax_Groups_OtherRules: Sitemap and unknown lines do not close a group', () => {
    const sitemap = 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n';
    const unknown = 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n';
    check([
      [sitemap, 'FooBot', 'http://foo.bar/', false],
      [sitemap, 'BarBot', 'http://foo.bar/', false],
      [unknown, 'FooBot', 'http://foo.bar/', false],
      [unknown, 'BarBot', 'http://foo.bar/', false],
    ]);
  });

  it('ID_REPLineNamesCaseInsensitive', () => {
    const cases: Case[] = [];
    for (const txt of [
      'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
      'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
      'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
    ]) {
      cases.push([txt, 'FooBot', 'http://foo.bar/x/y', true], [txt, 'FooBot', 'http://foo.bar/a/b', false]);
    }
    check(cases);
  });

  it('ID_UserAgentValueCaseInsensitive, GoogleOnly_AcceptUserAgentUpToFirstSpace', () => {
    const cases: Case[] = [];
    for (const txt of [
      'User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n',
      'User-Agent: foo bar\nAllow: /x/\nDisallow: /\n',
      'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n',
    ]) {
      for (const agent of ['Foo', 'foo'])
        cases.push([txt, agent, 'http://foo.bar/x/y', true], [txt, agent, 'http://foo.bar/a/b', false]);
    }
    const spaced = 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
    cases.push([spaced, 'Foo', 'http://foo.bar/x/y', true], [spaced, 'Foo Bar', 'http://foo.bar/x/y', false]);
    check(cases);
  });

  it('ID_GlobalGroups_Secondary: the * group when none names the crawler, else no rules', () => {
    const global = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
    const specific = 'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n';
    check([
      ['', 'FooBot', 'http://foo.bar/x/y', true],
      [global, 'FooBot', 'http://foo.bar/x/y', false],
      [global, 'BarBot', 'http://foo.bar/x/y', true],
      [specific, 'QuxBot', 'http://foo.bar/x/y', true],
    ]);
  });

  it('ID_AllowDisallow_Value_CaseSensitive', () => {
    check([
      ['user-agent: FooBot\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/y', false],
      ['user-agent: FooBot\ndisallow: /X/\n', 'FooBot', 'http://foo.bar/x/y', true],
    ]);
  });

  it('ID_LongestMatch: the longest pattern wins, allow wins a tie', () => {
    const url = 'http://foo.bar/x/page.html';
    check([
      ['user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', 'FooBot', url, false],
      ['user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', url, true],
      ['user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/', false],
      ['user-agent: FooBot\ndisallow: \nallow: \n', 'FooBot', url, true],
      ['user-agent: FooBot\ndisallow: /\nallow: /\n', 'FooBot', url, true],
      ['user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', 'http://foo.bar/x', false],
      ['user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', 'http://foo.bar/x/', true],
      ['user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n', 'FooBot', url, true],
      ['user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page.html', false],
      ['user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page', true],
      ['user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', url, true],
      ['user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/x/y.html', false],
      ['User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/x/page', true],
      ['User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/y/page', false],
    ]);
  });

  it('ID_Encoding: patterns and URLs compared percent-encoded', () => {
    const deny = 'User-agent: FooBot\nDisallow: /\n';
    check([
      [
        deny + 'Allow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
        'FooBot',
        'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par',
        true,
      ],
      [deny + 'Allow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
      [deny + 'Allow: /foo/bar/%E3%83%84\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
      // Google's parser, handed the raw "/foo/bar/ツ", disallows it because its caller must encode
      // first. Here every URL passes through the URL parser, which encodes it, so the crawler only
      // ever asks about "/foo/bar/%E3%83%84", which the rule allows either way it is written.
      [deny + 'Allow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/ツ', true],
      [deny + 'Allow: /foo/bar/%E3%83%84\n', 'FooBot', 'http://foo.bar/foo/bar/ツ', true],
      // Escaped unreserved characters are not decoded: not the same path, as in Google's tests.
      [deny + 'Allow: /foo/bar/%62%61%7A\n', 'FooBot', 'http://foo.bar/foo/bar/baz', false],
      [deny + 'Allow: /foo/bar/%62%61%7A\n', 'FooBot', 'http://foo.bar/foo/bar/%62%61%7A', true],
    ]);
  });

  it('ID_SpecialCharacters: *, $ and #', () => {
    const star = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n';
    const dollar = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n';
    const hash = 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n';
    check([
      [star, 'FooBot', 'http://foo.bar/foo/bar/quz', false],
      [star, 'FooBot', 'http://foo.bar/foo/quz', true],
      [star, 'FooBot', 'http://foo.bar/foo//quz', true],
      [star, 'FooBot', 'http://foo.bar/foo/bax/quz', true],
      [dollar, 'FooBot', 'http://foo.bar/foo/bar', false],
      [dollar, 'FooBot', 'http://foo.bar/foo/bar/qux', true],
      [dollar, 'FooBot', 'http://foo.bar/foo/bar/', true],
      [dollar, 'FooBot', 'http://foo.bar/foo/bar/baz', true],
      [hash, 'FooBot', 'http://foo.bar/foo/bar', true],
      [hash, 'FooBot', 'http://foo.bar/foo/quz', false],
    ]);
  });

  it('GoogleOnly_IndexHTMLisDirectory', () => {
    const txt = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
    check([
      [txt, 'foobot', 'http://foo.com/allowed-slash/', true],
      [txt, 'foobot', 'http://foo.com/allowed-slash/index.htm', false],
      [txt, 'foobot', 'http://foo.com/allowed-slash/index.html', true],
      [txt, 'foobot', 'http://foo.com/anyother-url', false],
    ]);
  });

  it('GoogleOnly_LineTooLong: a line is cut at 8 x 2083 bytes', () => {
    const maxLine = 2083 * 8;
    let longDisallow = '/x/';
    while (longDisallow.length < maxLine - 3 - 'disallow: '.length + 1) longDisallow += 'a';
    const cut = `user-agent: FooBot\ndisallow: ${longDisallow}/qux\n`;
    let a = '/x/';
    let b = '/x/';
    while (a.length < maxLine - 3 - 'allow: '.length + 1) {
      a += 'a';
      b += 'b';
    }
    const allows = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`;
    check([
      [cut, 'FooBot', 'http://foo.bar/fux', true],
      [cut, 'FooBot', `http://foo.bar${longDisallow}/fux`, false],
      [allows, 'FooBot', 'http://foo.bar/', false],
      [allows, 'FooBot', `http://foo.bar${a}/qux`, true],
      [allows, 'FooBot', `http://foo.bar${b}/fux`, true],
    ]);
  });

  it('GoogleOnly_DocumentationChecks: path matching examples', () => {
    const fish = 'user-agent: FooBot\ndisallow: /\nallow: /fish\n';
    const fishStar = 'user-agent: FooBot\ndisallow: /\nallow: /fish*\n';
    const fishDir = 'user-agent: FooBot\ndisallow: /\nallow: /fish/\n';
    const php = 'user-agent: FooBot\ndisallow: /\nallow: /*.php\n';
    const phpEnd = 'user-agent: FooBot\ndisallow: /\nallow: /*.php$\n';
    const fishPhp = 'user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n';
    const u = (p: string) => `http://foo.bar${p}`;
    const cases: Case[] = [];
    for (const txt of [fish, fishStar]) {
      for (const p of [
        '/fish',
        '/fish.html',
        '/fish/salmon.html',
        '/fishheads',
        '/fishheads/yummy.html',
        '/fish.html?id=anything',
      ])
        cases.push([txt, 'FooBot', u(p), true]);
      for (const p of ['/bar', '/Fish.asp', '/catfish', '/?id=fish']) cases.push([txt, 'FooBot', u(p), false]);
    }
    for (const p of ['/fish/', '/fish/salmon', '/fish/?salmon', '/fish/salmon.html', '/fish/?id=anything'])
      cases.push([fishDir, 'FooBot', u(p), true]);
    for (const p of ['/bar', '/fish', '/fish.html', '/Fish/Salmon.html']) cases.push([fishDir, 'FooBot', u(p), false]);
    for (const p of [
      '/filename.php',
      '/folder/filename.php',
      '/folder/filename.php?parameters',
      '//folder/any.php.file.html',
      '/filename.php/',
      '/index?f=filename.php/',
    ])
      cases.push([php, 'FooBot', u(p), true]);
    for (const p of ['/bar', '/php/', '/index?php', '/windows.PHP']) cases.push([php, 'FooBot', u(p), false]);
    for (const p of ['/filename.php', '/folder/filename.php']) cases.push([phpEnd, 'FooBot', u(p), true]);
    for (const p of [
      '/bar',
      '/filename.php?parameters',
      '/filename.php/',
      '/filename.php5',
      '/php/',
      '/filename?php',
      '/aaaphpaaa',
      '//windows.PHP',
    ])
      cases.push([phpEnd, 'FooBot', u(p), false]);
    cases.push(
      [fishPhp, 'FooBot', u('/bar'), false],
      [fishPhp, 'FooBot', u('/fish.php'), true],
      [fishPhp, 'FooBot', u('/fishheads/catfish.php?parameters'), true],
      [fishPhp, 'FooBot', u('/Fish.PHP'), false],
      // "Order of precedence for group-member records".
      ['user-agent: FooBot\nallow: /p\ndisallow: /\n', 'FooBot', 'http://example.com/page', true],
      ['user-agent: FooBot\nallow: /folder\ndisallow: /folder\n', 'FooBot', 'http://example.com/folder/page', true],
      ['user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n', 'FooBot', 'http://example.com/page.htm', false],
      ['user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', 'http://example.com/', true],
      ['user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', 'http://example.com/page.html', false],
    );
    check(cases);
  });

  it('ID_LinesNumbersAreCountedCorrectly: LF, CRLF, CR, mixed and no final newline', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const txt = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'].join(eol) + eol;
      const parsed = parseRobots(txt);
      expect(parsed.groups.map((g) => [g.agents, g.rules.length])).toEqual([
        [['foo'], 1],
        [['bar'], 1],
      ]);
    }
    const mixed = 'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /';
    expect(allowed(mixed, 'bar', 'http://foo.bar/x')).toBe(false);
    expect(allowed(mixed, 'foo', 'http://foo.bar/x')).toBe(true);
  });

  it('ID_UTF8ByteOrderMarkIsSkipped: a full BOM at the start is skipped; elsewhere it spoils its own line', () => {
    const rules = 'User-Agent: foo\nAllow: /AnyValue\n';
    expect(parseRobots('\uFEFF' + rules).groups).toEqual([
      { agents: ['foo'], rules: [{ allow: true, pattern: '/AnyValue' }], crawlDelaySeconds: null },
    ]);
    // A partial BOM decodes to replacement characters: the first line is garbage and only it is lost
    // (Google also skips partial marks; the RFC reading here keeps it to the one line).
    expect(parseRobots('\uFFFD' + rules).groups).toEqual([]);
    expect(parseRobots('\uFFFD\nUser-Agent: foo\nDisallow: /\n').groups).toEqual([
      { agents: ['foo'], rules: [{ allow: false, pattern: '/' }], crawlDelaySeconds: null },
    ]);
    // A BOM in the middle spoils only its own line: the user-agent line stands, the rule is lost.
    expect(parseRobots('User-Agent: foo\n\uFEFFAllow: /AnyValue\n').groups).toEqual([
      { agents: ['foo'], rules: [], crawlDelaySeconds: null },
    ]);
  });

  it('ID_NonStandardLineExample_Sitemap: Sitemap lines anywhere in the file', () => {
    const groups = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    expect(parseRobots(groups + 'Sitemap: http://foo.bar/sitemap.xml\n').sitemaps).toEqual([
      'http://foo.bar/sitemap.xml',
    ]);
    expect(parseRobots('Sitemap: http://foo.bar/sitemap.xml\n' + groups).sitemaps).toEqual([
      'http://foo.bar/sitemap.xml',
    ]);
  });

  it('TestGetPathParamsQuery: the path and query matched, without the fragment', () => {
    expect(matchTarget('http://www.example.com')).toBe('/');
    expect(matchTarget('http://www.example.com/a/')).toBe('/a/');
    expect(matchTarget('http://www.example.com/a/b?c=http://d.e/')).toBe('/a/b?c=http://d.e/');
    expect(matchTarget('http://www.example.com/a/b?c=d&e=f#fragment')).toBe('/a/b?c=d&e=f');
    expect(matchTarget('http://example.com/a;b#c')).toBe('/a;b');
  });

  it('TestMaybeEscapePattern: non-ASCII encoded, escapes upper-cased', () => {
    expect(encodePattern('http://www.example.com')).toBe('http://www.example.com');
    expect(encodePattern('/a/b/c')).toBe('/a/b/c');
    expect(encodePattern('á')).toBe('%C3%A1');
    expect(encodePattern('%aa')).toBe('%AA');
  });
});
