import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

// `npm start` serves portal/dist: build it when it is missing or older than its sources, so a
// fresh checkout needs only `npm install && npm start`.

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// PORTAL_DIR moves the build (the server reads the same variable), so two test runs on one
// machine do not build into each other's files.
const outDir = path.resolve(process.env.PORTAL_DIR ?? path.join(root, 'portal/dist'));
const index = path.join(outDir, 'index.html');

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

console.log(`Building the portal (${path.relative(root, outDir)})...`);
await build({ configFile: path.join(root, 'portal/vite.config.ts'), logLevel: 'warn', build: { outDir } });
