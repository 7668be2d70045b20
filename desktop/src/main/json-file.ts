import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Small state files in the user data folder, written atomically (temp file, then rename) so a
// crash mid-write never leaves half a file.

export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function writeFileAtomic(file: string, data: string | Buffer, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data, { mode });
  renameSync(temp, file);
}
