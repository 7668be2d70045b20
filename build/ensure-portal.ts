import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

// `npm start` serves portal/dist: build it when it is missing or older than its sources, so a
// fresh checkout needs only `npm install && npm start`.

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const index = path.join(root, 'portal/dist/index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(
  newest(path.join(root, 'portal/src')),
  newest(path.join(root, 'shared/src')),
  statSync(path.join(root, 'portal/index.html')).mtimeMs,
);
if (existsSync(index) && statSync(index).mtimeMs >= sources) process.exit(0);

console.log('Building the portal (portal/dist)...');
await build({ configFile: path.join(root, 'portal/vite.config.ts'), logLevel: 'warn' });
