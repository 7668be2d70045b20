/** What every extractor produces: one candidate idea. */
export interface ExtractedItem {
  title: string;
  url: string;
  body: string;
  summary?: string;
  author?: string | null;
  publishedAt?: Date | null;
}

export function parseDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value);
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return parseDate(Number(value));
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}
