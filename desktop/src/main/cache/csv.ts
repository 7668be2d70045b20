import { flatten } from './flatten';

// A snapshot as CSV: a list of records becomes a table (one column per field path), anything
// else becomes path,value rows. Cells are quoted when they hold commas, quotes or line breaks,
// and cells that a spreadsheet would run as a formula are prefixed with a quote.

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: unknown[]) => cells.map(cell).join(',');

/** The list inside an answer worth tabulating: the body itself, or its single array field. */
function recordsOf(body: unknown): Record<string, unknown>[] | null {
  const isRecords = (v: unknown): v is Record<string, unknown>[] =>
    Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x));
  if (isRecords(body)) return body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const arrays = Object.values(body).filter(isRecords);
    if (arrays.length === 1 && Object.keys(body).length === 1) return arrays[0]!;
  }
  return null;
}

export function toCsv(body: unknown): string {
  const records = recordsOf(body);
  if (records) {
    const rows = records.map((r) => flatten(r));
    const columns = [...new Set(rows.flatMap((r) => [...r.keys()]))];
    return [line(columns), ...rows.map((r) => line(columns.map((c) => r.get(c))))].join('\r\n') + '\r\n';
  }
  const pairs = flatten(body);
  return [line(['path', 'value']), ...[...pairs].map(([path, value]) => line([path, value]))].join('\r\n') + '\r\n';
}
