import { load } from 'cheerio';

/** Plain text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return collapse(html);
  const $ = load(`<body>${html}</body>`);
  $('script, style, noscript').remove();
  $('br, p, div, li, h1, h2, h3, h4, h5, h6').after('\n');
  return collapse($('body').text());
}

export function collapse(text: string): string {
  return text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean) // blank lines go: one newline between lines of text
    .join('\n');
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
