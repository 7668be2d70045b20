import { XMLValidator } from 'fast-xml-parser';

// Feeds as they are written, not as the specs say: what a feed reader forgives so that one
// careless character does not cost every item of a feed.

/** An "&" that starts no entity ("AT&T", "R & D"): XML needs it written "&amp;". */
const BARE_AMPERSAND = /&(?!#\d+;|#x[0-9a-f]+;|[a-z][\w.-]*;)/gi;
/** A "<" that starts no tag, comment, CDATA or declaration ("a < b", "<3"). */
const BARE_LESS_THAN = /<(?![a-z_:!?/])/gi;

/**
 * The feed as XML a parser accepts: as it is when it is well formed; else with its bare "&" and
 * "<" escaped, if that is all that was wrong. The error to report when neither parses.
 */
export function wellFormed(body: string): { xml: string } | { error: string } {
  const valid = XMLValidator.validate(body);
  if (valid === true) return { xml: body };
  const repaired = body.replace(BARE_AMPERSAND, '&amp;').replace(BARE_LESS_THAN, '&lt;');
  if (XMLValidator.validate(repaired) === true) return { xml: repaired };
  return { error: `Malformed feed: ${valid.err.msg} (line ${valid.err.line})` };
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Text with XML's entities decoded once: "&lt;p&gt;Tom &amp;amp; Jerry" is the markup
 * "<p>Tom &amp; Jerry". HTML's own ("&nbsp;") are left for the HTML reader.
 */
const unescaped = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });

/**
 * The HTML an item's text element holds, from its content as written (the parser leaves the
 * element unread). RSS escapes its HTML ("&lt;p&gt;") or wraps it in CDATA; Atom's
 * type="xhtml" content, and many feeds' descriptions, hold the markup itself, which a parser
 * would read as child elements and the item would lose its text.
 */
export function htmlOf(raw: string): string {
  // Odd parts are CDATA contents: HTML as written. The rest is markup, or escaped markup.
  return raw
    .split(/<!\[CDATA\[([\s\S]*?)\]\]>/)
    .map((part, i) => (i % 2 || /<[a-z!/?]/i.test(part) ? part : unescaped(part)))
    .join('');
}
