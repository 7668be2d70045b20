import { escapeMarkup } from '@ideamine/shared/escape';
import type { PageHead } from './page-head';

// Writes a page's head into the portal's index.html: the built file's <title> and description
// are replaced, the canonical link and Open Graph tags added before </head>. Everything written
// is escaped, since titles and summaries come from crawled text.

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;

export function withHead(indexHtml: string, head: PageHead): string {
  const tags = [
    head.canonical && `<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`,
    head.noindex && meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', 'Ideamine'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical && meta('property', 'og:url', head.canonical),
    head.publishedAt && meta('property', 'article:published_time', head.publishedAt),
    head.modifiedAt && meta('property', 'article:modified_time', head.modifiedAt),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ].filter(Boolean);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => meta('name', 'description', head.description))
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
