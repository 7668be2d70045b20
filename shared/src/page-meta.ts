// A page's title and description, the same in the HTML the server sends (api/src/seo) and in the
// browser once the portal runs (portal/src/layout/use-page-meta.ts).

/** A page's title in the browser tab and in search results: the site's name after the page's. */
export const documentTitle = (title: string) => (title === 'Ideamine' ? title : `${title} · Ideamine`);

const DESCRIPTION_LENGTH = 200;

/** A description short enough for a search result: one line, cut at a word. */
export function shortDescription(text: string, limit = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  let end = Math.max(cut.lastIndexOf(' '), Math.floor(limit / 2));
  while (end > 0 && ' ,;:.-'.includes(cut[end - 1]!)) end -= 1;
  return `${cut.slice(0, end)}…`;
}

/** A category page's title and description. */
export const categoryTitle = (name: string) => documentTitle(`${name} ideas`);
export const categoryDescription = (category: { name: string; description: string | null }) =>
  shortDescription(
    category.description ? `${category.name}: ${category.description}` : `Product ideas in ${category.name}.`,
  );
