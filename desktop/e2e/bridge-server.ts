import { readFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dispatchIpc, IpcError, type IpcHandlers } from '../src/main/ipc/dispatch';

// The browser tests' stand-in for Electron: serves the built renderer (desktop/out/renderer) on
// loopback with the console's SPA fallback, and answers POST /ipc/<channel> with the same
// dispatchIpc and handlers the main process uses, over a real SQLite cache.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

export interface BridgeServer {
  url: string;
  close(): Promise<void>;
}

export async function startBridge(rendererDir: string, handlers: IpcHandlers): Promise<BridgeServer> {
  const server: Server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bridge');
    if (req.method === 'POST' && url.pathname.startsWith('/ipc/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        res.setHeader('Content-Type', 'application/json');
        try {
          const args: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
          const result = await dispatchIpc(handlers, decodeURIComponent(url.pathname.slice(5)), args);
          res.end(JSON.stringify({ ok: true, result: result ?? null }));
        } catch (error) {
          const body = error instanceof IpcError ? error.body : { code: 'INTERNAL_ERROR', message: String(error) };
          res.end(JSON.stringify({ ok: false, error: body }));
        }
      });
      return;
    }
    const file = path.join(rendererDir, path.posix.normalize(url.pathname));
    const inside = file.startsWith(rendererDir + path.sep) && path.extname(file);
    const target = inside ? file : path.join(rendererDir, 'index.html');
    readFile(target)
      .catch(() => readFile(path.join(rendererDir, 'index.html')))
      .then((body) => {
        res.setHeader('Content-Type', TYPES[path.extname(target)] ?? 'application/octet-stream');
        res.end(body);
      })
      .catch(() => {
        res.statusCode = 500;
        res.end('renderer build missing: run npm run -w desktop build');
      });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The init script that gives the page `window.ideamine`, one method per channel, over the bridge. */
export function preloadShim(methods: [name: string, channel: string][]) {
  return {
    script: (list: [string, string][]) => {
      const api: Record<string, (args?: unknown) => Promise<unknown>> = {};
      for (const [name, channel] of list)
        api[name] = async (args?: unknown) => {
          const response = await fetch(`/ipc/${channel}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(args ?? {}),
          });
          const answer = (await response.json()) as { ok: boolean; result?: unknown; error?: { message: string } };
          if (!answer.ok) throw Object.assign(new Error(answer.error!.message), answer.error);
          return answer.result;
        };
      (window as unknown as { ideamine: unknown }).ideamine = Object.freeze(api);
    },
    arg: methods,
  };
}
