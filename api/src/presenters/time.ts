/** ISO 8601 for a timestamp that may be missing. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
