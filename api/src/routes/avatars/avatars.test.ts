import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { JPEG_HEAD, TINY_GIF, TINY_PNG, WEBP_HEAD } from '@ideamine/server/test/images';
import { buildAvatar } from '@ideamine/server/test/project-avatar-factories';
import { startTestServer, type TestServer } from '../../test/server';

const MAX_BYTES = 64 * 1024;

let server: TestServer;
let http: ReturnType<typeof client>;
let dataDir: string;
let uploads: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideamine-avatars-'));
  uploads = path.join(dataDir, 'uploads', 'avatars');
  server = await startTestServer({ dataDir, avatarMaxBytes: MAX_BYTES });
  http = client(server.url);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every entry of the uploads directory, temporary files included. */
const storedFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);
const storedName = async (id: number) =>
  (await server.app.db.selectFrom('avatars').select('image_file').where('id', '=', id).executeTakeFirstOrThrow())
    .image_file;

interface Upload {
  data?: unknown;
  /** Sent as-is in the data part (for broken JSON). */
  rawData?: string;
  file?: { bytes: Buffer; name?: string; type?: string };
  field?: string;
}

/** A multipart request, the way a browser form sends one. */
async function sendMultipart(method: 'POST' | 'PUT', url: string, token: string, u: Upload) {
  const form = new FormData();
  if (u.rawData !== undefined) form.append('data', u.rawData);
  else if (u.data !== undefined) form.append('data', JSON.stringify(u.data));
  if (u.file) {
    const blob = new Blob([new Uint8Array(u.file.bytes)], { type: u.file.type ?? 'image/png' });
    form.append(u.field ?? 'profile_file', blob, u.file.name ?? 'me.png');
  }
  const res = await fetch(server.url + url, { method, body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function getImage(id: number, token: string) {
  const res = await fetch(`${server.url}/api/v1/avatars/${id}/image`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

const trialUser = () => signedInUser(server.app, { role: 'trial' });

describe('access', () => {
  it('follows the avatars permissions', async () => {
    expect((await http.get('/api/v1/avatars')).status).toBe(401);
    const guest = await signedInUser(server.app, { role: 'guest' });
    expect((await http.get('/api/v1/avatars', { token: guest.token })).body.error.code).toBe('FORBIDDEN');
    const expired = await signedInUser(server.app, { role: 'trial', trialExpiresAt: new Date(Date.now() - 1000) });
    const late = await http.post('/api/v1/avatars', { name: 'Late' }, { token: expired.token });
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('TRIAL_EXPIRED');

    // Trial users read and write their avatars; deleting needs avatars:delete (developer).
    const trial = await trialUser();
    const avatar = await buildAvatar(server.app, trial.user.id);
    const refused = await http.del(`/api/v1/avatars/${avatar.id}`, { token: trial.token });
    expect(refused.status).toBe(403);
    const dev = await signedInUser(server.app, { role: 'developer' });
    const devs = await buildAvatar(server.app, dev.user.id);
    expect((await http.del(`/api/v1/avatars/${devs.id}`, { token: dev.token })).status).toBe(200);
  });

  it("hides other users' avatars (404); admins see all and filter by user_id", async () => {
    const owner = await signedInUser(server.app, { role: 'developer' });
    const other = await signedInUser(server.app, { role: 'developer' });
    const avatar = await buildAvatar(server.app, owner.user.id, { image: true, name: 'Owner persona' });
    const before = storedFiles();
    const base = `/api/v1/avatars/${avatar.id}`;
    for (const res of [
      await http.get(base, { token: other.token }),
      await http.put(base, { name: 'Taken' }, { token: other.token }),
      await sendMultipart('PUT', base, other.token, { file: { bytes: TINY_GIF } }),
      await http.del(base, { token: other.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Avatar not found');
    }
    expect((await getImage(avatar.id, other.token)).status).toBe(404);
    expect(storedFiles()).toEqual(before);
    expect((await http.get('/api/v1/avatars', { token: other.token })).body.data).toEqual([]);

    const admin = await signedInUser(server.app, { role: 'admin' });
    const seen = await http.get(base, { token: admin.token });
    expect(seen.body.data).toMatchObject({ name: 'Owner persona', user_id: owner.user.id });
    const filtered = await http.get(`/api/v1/avatars?user_id=${owner.user.id}`, { token: admin.token });
    expect(filtered.body.data.map((a: any) => a.id)).toEqual([avatar.id]);
    expect((await getImage(avatar.id, admin.token)).status).toBe(200);
    // user_id does not widen what a non-admin sees.
    const peek = await http.get(`/api/v1/avatars?user_id=${owner.user.id}`, { token: other.token });
    expect(peek.body.data).toEqual([]);
  });
});

describe('avatars as JSON', () => {
  it('creates, reads, lists, changes and deletes', async () => {
    const { token } = await trialUser();
    const created = await http.post(
      '/api/v1/avatars',
      {
        name: ' Freelance designer ',
        description: 'Works alone, bills hourly',
        demographics: { age_range: '25-34', occupation: 'Designer' },
        goals: ['Get paid on time'],
        pain_points: ['Chasing invoices', 'Scope creep'],
      },
      { token },
    );
    expect(created.status).toBe(201);
    const a = created.body.data;
    expect(a).toMatchObject({
      name: 'Freelance designer',
      demographics: {
        age_range: '25-34',
        gender: null,
        location: null,
        occupation: 'Designer',
        income_level: null,
        education: null,
      },
      goals: ['Get paid on time'],
      pain_points: ['Chasing invoices', 'Scope creep'],
      has_image: false,
      image_url: null,
    });
    await http.post('/api/v1/avatars', { name: 'Agency owner' }, { token });

    const list = await http.get('/api/v1/avatars?search=freelance', { token });
    expect(list.body.data.map((x: any) => x.id)).toEqual([a.id]);
    expect(list.body.meta.pagination).toMatchObject({ total: 1, page: 1 });
    const all = await http.get('/api/v1/avatars?page_size=1', { token });
    expect(all.body.meta.pagination).toMatchObject({ total: 2, total_pages: 2 });

    const changed = await http.put(
      `/api/v1/avatars/${a.id}`,
      { goals: [], demographics: { gender: 'any' } },
      { token },
    );
    expect(changed.body.data).toMatchObject({
      name: 'Freelance designer',
      goals: [],
      demographics: { gender: 'any', age_range: null },
    });
    expect((await http.get(`/api/v1/avatars/${a.id}`, { token })).body.data).toEqual(changed.body.data);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { token, user } = await trialUser();
    const avatar = await buildAvatar(server.app, user.id);
    const cases: [string, unknown, string][] = [
      ['POST', {}, 'name'],
      ['POST', { name: 'n'.repeat(121) }, 'name'],
      ['POST', { name: 'ok', description: 'd'.repeat(2001) }, 'description'],
      ['POST', { name: 'ok', goals: Array.from({ length: 21 }, () => 'g') }, 'goals'],
      ['POST', { name: 'ok', pain_points: ['p'.repeat(301)] }, 'pain_points.0'],
      ['POST', { name: 'ok', goals: 'be rich' }, 'goals'],
      ['POST', { name: 'ok', demographics: { age_range: 'a'.repeat(101) } }, 'demographics.age_range'],
      ['POST', { name: 'ok', demographics: { shoe_size: '42' } }, 'demographics.shoe_size'],
      ['POST', { name: 'ok', image_file: '../../etc/passwd' }, 'image_file'],
      ['PUT', { name: '' }, 'name'],
      ['PUT', { remove_image: 'yes' }, 'remove_image'],
    ];
    for (const [method, body, field] of cases) {
      const url = method === 'POST' ? '/api/v1/avatars' : `/api/v1/avatars/${avatar.id}`;
      const res = await http.send(method, url, { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.field).toBe(field);
    }
    expect((await http.get(`/api/v1/avatars/${avatar.id}`, { token })).body.data.name).toBe(avatar.name);
    const wrongType = await http.send('POST', '/api/v1/avatars', {
      token,
      raw: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
  });
});

describe('profile images', () => {
  it('stores an uploaded PNG under a random name and serves it with safe headers', async () => {
    const { token } = await trialUser();
    const res = await sendMultipart('POST', '/api/v1/avatars', token, {
      data: { name: 'Shop owner', goals: ['More orders'] },
      file: { bytes: TINY_PNG, name: 'my face.png' },
    });
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a).toMatchObject({ name: 'Shop owner', goals: ['More orders'], has_image: true });
    expect(a.image_url).toBe(`/api/v1/avatars/${a.id}/image`);
    expect(JSON.stringify(a)).not.toMatch(/uploads|\.png/);

    const name = await storedName(a.id);
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(storedFiles()).toContain(name);
    expect(fs.readFileSync(path.join(uploads, name!))).toEqual(TINY_PNG);

    const image = await getImage(a.id, token);
    expect(image.status).toBe(200);
    expect(image.bytes).toEqual(TINY_PNG);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="avatar.png"');
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(image.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await fetch(`${server.url}/api/v1/avatars/${a.id}/image`)).status).toBe(401);
  });

  it('takes the type from the bytes, not from the name or declared type', async () => {
    const { token } = await trialUser();
    for (const [bytes, type, ext] of [
      [JPEG_HEAD, 'image/jpeg', 'jpg'],
      [TINY_GIF, 'image/gif', 'gif'],
      [WEBP_HEAD, 'image/webp', 'webp'],
    ] as const) {
      const res = await sendMultipart('POST', '/api/v1/avatars', token, {
        data: { name: `As ${ext}` },
        file: { bytes, name: 'photo.png', type: 'image/png' },
      });
      expect(res.status).toBe(201);
      const image = await getImage(res.body.data.id, token);
      expect(image.headers.get('content-type')).toBe(type);
      expect(image.headers.get('content-disposition')).toBe(`inline; filename="avatar.${ext}"`);
      expect(await storedName(res.body.data.id)).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('refuses what is not an image, and keeps nothing', async () => {
    const { token, user } = await trialUser();
    const before = storedFiles();
    const countOf = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('avatars')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const fakes = [
      Buffer.from('just some text pretending to be a png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]), // a PNG signature cut short
      Buffer.alloc(0),
    ];
    for (const bytes of fakes) {
      const res = await sendMultipart('POST', '/api/v1/avatars', token, {
        data: { name: 'Fake' },
        file: { bytes, name: 'cat.png', type: 'image/png' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        field: 'profile_file',
        message: 'profile_file must be a PNG, JPEG, GIF or WebP image',
      });
    }
    // A valid image does not save invalid fields either.
    const badData = await sendMultipart('POST', '/api/v1/avatars', token, {
      data: { name: 'x'.repeat(121) },
      file: { bytes: TINY_PNG },
    });
    expect(badData.status).toBe(400);
    expect(badData.body.error.field).toBe('name');
    expect(await countOf()).toBe(0);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an oversized upload with 413 while it streams, leaving no file', async () => {
    const { token, user } = await trialUser();
    const avatar = await buildAvatar(server.app, user.id, { image: true });
    const before = storedFiles();
    const png = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);

    // Just over the cap, then far over it (the declared length alone gives that one away).
    for (const size of [MAX_BYTES + 1, 512 * 1024, 4 * 1024 * 1024]) {
      for (const [method, url] of [
        ['POST', '/api/v1/avatars'],
        ['PUT', `/api/v1/avatars/${avatar.id}`],
      ] as const) {
        const res = await sendMultipart(method, url, token, { data: { name: 'Big' }, file: { bytes: png(size) } });
        expect(res.status, `${method} ${size}`).toBe(413);
        expect(res.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'profile_file' });
        expect(res.body.error.message).toBe('profile_file is larger than the limit of 64 KB');
      }
    }
    expect(storedFiles()).toEqual(before);
    const rows = await http.get('/api/v1/avatars', { token });
    expect(rows.body.data.map((a: any) => a.name)).toEqual([avatar.name]);
    // Exactly at the cap is fine.
    const fits = await sendMultipart('POST', '/api/v1/avatars', token, {
      data: { name: 'Fits' },
      file: { bytes: png(MAX_BYTES) },
    });
    expect(fits.status).toBe(201);
  });

  it('replaces the image and removes the old file; a refused replacement changes nothing', async () => {
    const { token, user } = await trialUser();
    const avatar = await buildAvatar(server.app, user.id, { image: true });
    const oldName = (await storedName(avatar.id))!;

    const refused = await sendMultipart('PUT', `/api/v1/avatars/${avatar.id}`, token, {
      data: { name: 'Renamed' },
      file: { bytes: Buffer.from('not an image') },
    });
    expect(refused.status).toBe(400);
    expect(await storedName(avatar.id)).toBe(oldName);
    expect(storedFiles()).toContain(oldName);
    expect((await http.get(`/api/v1/avatars/${avatar.id}`, { token })).body.data.name).toBe(avatar.name);

    const replaced = await sendMultipart('PUT', `/api/v1/avatars/${avatar.id}`, token, {
      data: { name: 'Renamed' },
      file: { bytes: TINY_GIF, name: 'new.gif' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ name: 'Renamed', has_image: true });
    const newName = (await storedName(avatar.id))!;
    expect(newName).not.toBe(oldName);
    expect(storedFiles()).toContain(newName);
    expect(storedFiles()).not.toContain(oldName);
    expect((await getImage(avatar.id, token)).headers.get('content-type')).toBe('image/gif');

    // A multipart body without a file changes only the fields.
    const fieldsOnly = await sendMultipart('PUT', `/api/v1/avatars/${avatar.id}`, token, { data: { goals: ['x'] } });
    expect(fieldsOnly.body.data).toMatchObject({ goals: ['x'], has_image: true });
    expect(await storedName(avatar.id)).toBe(newName);

    const both = await sendMultipart('PUT', `/api/v1/avatars/${avatar.id}`, token, {
      data: { remove_image: true },
      file: { bytes: TINY_PNG },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.field).toBe('remove_image');

    const removed = await http.put(`/api/v1/avatars/${avatar.id}`, { remove_image: true }, { token });
    expect(removed.body.data).toMatchObject({ has_image: false, image_url: null });
    expect(storedFiles()).not.toContain(newName);
    expect((await getImage(avatar.id, token)).status).toBe(404);
  });

  it('deletes the stored file with the avatar', async () => {
    const dev = await signedInUser(server.app, { role: 'developer' });
    const avatar = await buildAvatar(server.app, dev.user.id, { image: true });
    const name = (await storedName(avatar.id))!;
    expect(storedFiles()).toContain(name);
    const res = await http.del(`/api/v1/avatars/${avatar.id}`, { token: dev.token });
    expect(res.body.data.message).toBe('Avatar deleted');
    expect(storedFiles()).not.toContain(name);
    expect((await http.get(`/api/v1/avatars/${avatar.id}`, { token: dev.token })).status).toBe(404);
  });

  it('refuses malformed multipart bodies with a 400', async () => {
    const { token } = await trialUser();
    const before = storedFiles();
    const badJson = await sendMultipart('POST', '/api/v1/avatars', token, {
      rawData: '{name:',
      file: { bytes: TINY_PNG },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toMatchObject({ code: 'INVALID_JSON', field: 'data' });
    const wrongPart = await sendMultipart('POST', '/api/v1/avatars', token, {
      data: { name: 'x' },
      file: { bytes: TINY_PNG },
      field: 'avatar',
    });
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body.error.field).toBe('avatar');
    const form = new FormData();
    form.append('data', JSON.stringify({ name: 'x' }));
    form.append('profile_file', 'a plain text field');
    const notAFile = await fetch(`${server.url}/api/v1/avatars`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(notAFile.status).toBe(400);
    expect((await notAFile.json()).error.field).toBe('profile_file');
    const noBoundary = await http.send('POST', '/api/v1/avatars', {
      token,
      raw: 'whatever',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    expect(storedFiles()).toEqual(before);
    // An empty file part (a form with no file chosen) is no file at all.
    const form2 = new FormData();
    form2.append('data', JSON.stringify({ name: 'No picture' }));
    form2.append('profile_file', new Blob([]), '');
    const empty = await fetch(`${server.url}/api/v1/avatars`, {
      method: 'POST',
      body: form2,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(empty.status).toBe(201);
    expect((await empty.json()).data.has_image).toBe(false);
  });
});

describe('API reference', () => {
  it('documents the multipart bodies and the raw image answer', async () => {
    const doc = (await http.get('/api/v1/openapi.json')).body;
    const create = doc.paths['/api/v1/avatars'].post;
    expect(Object.keys(create.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    const form = create.requestBody.content['multipart/form-data'];
    expect(form.schema.properties.profile_file).toEqual({ type: 'string', format: 'binary' });
    expect(form.encoding.data.contentType).toBe('application/json');
    expect(create.description).toContain('profile_file');
    const image = doc.paths['/api/v1/avatars/{id}/image'].get;
    expect(Object.keys(image.responses['200'].content)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(doc.paths['/api/v1/projects/{id}/ideas/{knowledgeId}'].put.parameters.map((p: any) => p.name)).toEqual([
      'id',
      'knowledgeId',
    ]);
  });
});
