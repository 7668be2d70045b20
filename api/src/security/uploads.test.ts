import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { TINY_PNG } from '@ideamine/server/test/images';
import { startTestServer, type TestServer } from '../test/server';

// Checklist item 9, beside avatars.test.ts (type from the bytes, not the name or declared type;
// text and a script-carrying SVG named cat.png refused; the size cap enforced while streaming):
// an SVG sent as what it is (image/svg+xml, .svg), as a replacement image and wrapped in XML or
// HTML is refused; a PNG with a script appended is only ever served as a PNG that no browser
// will run (nosniff, a CSP allowing nothing, inline under a fixed name).

let server: TestServer;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-uploads-'));
  server = await startTestServer({ dataDir });
  token = (await signedInUser(server.app, { role: 'trial' })).token;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>alert(1)</script></svg>';

async function upload(method: 'POST' | 'PUT', url: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('data', JSON.stringify({ name: 'Upload check' }));
  form.append('profile_file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(server.url + url, { method, body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

const storedFiles = () => {
  const dir = path.join(dataDir, 'uploads', 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('avatar uploads', () => {
  it('refuses SVG with a script however it is declared, on create and on replace, keeping nothing', async () => {
    const created = await upload('POST', '/api/v1/avatars', TINY_PNG, 'ok.png', 'image/png');
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const before = storedFiles();
    const variants: [Buffer, string, string][] = [
      [Buffer.from(SCRIPT_SVG), 'avatar.svg', 'image/svg+xml'],
      [Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${SCRIPT_SVG}`), 'avatar.svg', 'image/svg+xml'],
      [Buffer.from(`\ufeff  ${SCRIPT_SVG}`), 'avatar.svg', 'image/svg+xml'],
      [Buffer.from(`<!doctype html><html><body>${SCRIPT_SVG}</body></html>`), 'avatar.html', 'text/html'],
      [Buffer.from(SCRIPT_SVG), 'avatar.gif', 'image/gif'],
    ];
    for (const [bytes, name, type] of variants) {
      for (const [method, url] of [
        ['POST', '/api/v1/avatars'],
        ['PUT', `/api/v1/avatars/${id}`],
      ] as const) {
        const res = await upload(method, url, bytes, name, type);
        expect(res.status, `${method} ${name} ${type}`).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'profile_file' });
      }
    }
    expect(storedFiles()).toEqual(before);
    // The stored image is still the PNG.
    const image = await fetch(`${server.url}/api/v1/avatars/${id}/image`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('serves a PNG with a script appended only as an image no browser runs', async () => {
    // The type check reads the signature, so this is stored (as a .png, whatever its name).
    const polyglot = Buffer.concat([TINY_PNG, Buffer.from(`<html><body>${SCRIPT_SVG}</body></html>`)]);
    const res = await upload('POST', '/api/v1/avatars', polyglot, 'x.html', 'text/html');
    expect(res.status).toBe(201);
    expect(storedFiles().every((f) => /^[a-f0-9]{32}\.png$/.test(f))).toBe(true);
    const image = await fetch(`${server.url}${res.body.data.image_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(image.headers.get('content-disposition')).toBe('inline; filename="avatar.png"');
  });
});
