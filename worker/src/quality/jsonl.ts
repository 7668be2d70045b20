import { readFileSync } from 'node:fs';

/** A JSON Lines file: one value a line, blank lines skipped. */
export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}
