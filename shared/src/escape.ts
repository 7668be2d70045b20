const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML or XML, in element content and in quoted attributes alike. */
export function escapeMarkup(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
