// Rows as tab-separated text with a header line: what "Copy" puts on the clipboard, so a
// selection pastes into a spreadsheet as columns.

const clean = (value: string) => value.replace(/[\t\r\n]+/g, ' ');

export function toTsv<T>(columns: readonly { name: string; text(row: T): string }[], rows: readonly T[]): string {
  const lines = [columns.map((c) => clean(c.name)).join('\t')];
  for (const row of rows) lines.push(columns.map((c) => clean(c.text(row))).join('\t'));
  return lines.join('\n');
}
