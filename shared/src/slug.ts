/** A URL-safe slug from a title: lowercase ascii words joined by dashes, at most 80 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 80)
    .replace(/-$/, ''); // words are joined by single dashes, so the cut leaves at most one
  return slug || 'idea';
}
