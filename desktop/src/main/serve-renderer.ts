import { readFile } from 'node:fs/promises';
import path from 'node:path';

// The console's files behind app://console/: a path names a file in the renderer build, and any
// other path (a screen such as /admin/jobs/12) gets index.html so the router can show it.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
};

export async function rendererFile(root: string, urlPath: string): Promise<{ body: Buffer; type: string }> {
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.(\/|$))+/, '');
  const file = path.join(root, clean);
  const inside = file.startsWith(path.resolve(root) + path.sep);
  if (inside && path.extname(file)) {
    try {
      return { body: await readFile(file), type: TYPES[path.extname(file)] ?? 'application/octet-stream' };
    } catch {
      // fall through to the app
    }
  }
  return { body: await readFile(path.join(root, 'index.html')), type: TYPES['.html']! };
}
