import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Uploaded files live under DATA_DIR/uploads/<kind>, outside any web root, under random names
// the server chose (never the client's). Only the API reads them back, by name from the database.

const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

export function uploadDir(dataDir: string, kind: 'avatars'): string {
  return path.join(dataDir, 'uploads', kind);
}

/** A stored name from the database; anything else (a path, say) is refused, not followed. */
function pathOf(dir: string, name: string): string {
  if (!STORED_NAME.test(name)) throw new Error(`Not a stored file name: ${JSON.stringify(name)}`);
  return path.join(dir, name);
}

/**
 * Writes the bytes under a temporary name, flushes them and renames, so no partial file is ever
 * visible under its final name. Returns the new random name.
 */
export async function storeFile(dir: string, bytes: Buffer, ext: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const temp = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, pathOf(dir, name));
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  return name;
}

/** The file's bytes, or null when it is gone. */
export async function readStoredFile(dir: string, name: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(pathOf(dir, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function removeStoredFile(dir: string, name: string): Promise<void> {
  await fs.rm(pathOf(dir, name), { force: true });
}
