import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { llmEndpointPolicy } from '../llm/choose-provider';
import { OpenAiProvider } from '../llm/openai';
import { createTestDatabase } from '../test/database';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai';
import type { Resolver } from './address-policy';
import { checkEndpoint, endpointRefusal, guardedEndpointFetch, RefusedEndpointError } from './endpoint-policy';

// The address policy for endpoints an operator configures, at save time and on every connection:
// the API key must never reach a metadata address, nor a private one without the operator's flag.

const closed = { flag: 'llm.allow_private_base_url', allowPrivate: false };
const open = { ...closed, allowPrivate: true };

/** Test names: what a hostile or a local DNS answer would say. */
const resolver: Resolver = (hostname, _options, callback) => {
  const answers: Record<string, string> = {
    'metadata.test': '169.254.169.254',
    'model.test': '127.0.0.1',
    'public.test': '93.184.216.34',
  };
  const address = answers[hostname];
  if (!address)
    return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(null, [{ address, family: 4 }]);
};

let fake: FakeOpenAi;
let redirecting: http.Server;
let redirectUrl: string;
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  redirecting = http.createServer((_req, res) => {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  });
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  redirectUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v1`;
  database = await createTestDatabase();
  handle = openDatabase(database.url, 2);
});
afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => redirecting?.close(resolve));
  await handle?.close();
  await database?.drop();
});

describe('endpointRefusal', () => {
  it.each(['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', 'fd00:ec2::254', '100.100.100.200'])(
    'never allows the metadata or link-local address %s',
    (address) => {
      for (const policy of [closed, open])
        expect(endpointRefusal(address, address, policy)).toMatch(/link-local or cloud metadata address/);
    },
  );

  it('allows loopback and private addresses only with the flag, and public ones always', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.9', '192.168.1.20', 'fd12::1']) {
      expect(endpointRefusal(address, address, closed)).toMatch(/set llm.allow_private_base_url to true/);
      expect(endpointRefusal(address, address, open)).toBeNull();
    }
    expect(endpointRefusal('224.0.0.1', '224.0.0.1', open)).toMatch(/reserved address/);
    expect(endpointRefusal('93.184.216.34', '93.184.216.34', closed)).toBeNull();
  });

  it('judges the addresses a name resolves to when the setting is saved', async () => {
    expect(await checkEndpoint('http://metadata.test/v1', open, resolver)).toMatch(
      /metadata\.test \(169\.254\.169\.254\) is a link-local or cloud metadata address/,
    );
    expect(await checkEndpoint('http://model.test/v1', closed, resolver)).toMatch(/loopback or private/);
    expect(await checkEndpoint('http://model.test/v1', open, resolver)).toBeNull();
    expect(await checkEndpoint('https://public.test/v1', closed, resolver)).toBeNull();
    // A name that does not resolve now is checked again when a connection is made.
    expect(await checkEndpoint('https://nowhere.test/v1', closed, resolver)).toBeNull();
  });
});

describe('guardedEndpointFetch', () => {
  it('refuses a literal private address without the flag and reaches it with the flag', async () => {
    await expect(guardedEndpointFetch(closed)(`${fake.url}/models`)).rejects.toBeInstanceOf(RefusedEndpointError);
    const res = await guardedEndpointFetch(open)(`${fake.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBeLessThan(500);
  });

  it('judges the address a name resolves to when connecting', async () => {
    const port = new URL(fake.url).port;
    const viaMetadata = guardedEndpointFetch(open, resolver)(`http://metadata.test:${port}/v1/models`);
    await expect(viaMetadata).rejects.toMatchObject({ cause: expect.any(RefusedEndpointError) });
    const viaModel = await guardedEndpointFetch(open, resolver)(`http://model.test:${port}/v1/chat/completions`, {
      method: 'POST',
      body: '{}',
    });
    expect(viaModel.status).toBeLessThan(500);
  });

  it('does not follow a redirect, which could lead to a metadata address', async () => {
    await expect(guardedEndpointFetch(open)(redirectUrl)).rejects.toThrow();
  });

  it('keeps the API key from an endpoint the policy refuses', async () => {
    const before = fake.requests.length;
    const provider = (policy: typeof closed) =>
      new OpenAiProvider({
        baseURL: fake.url,
        apiKey: 'sk-secret',
        model: 'gpt-4o-mini',
        maxRetries: 0,
        fetch: guardedEndpointFetch(policy),
      });
    await expect(provider(closed).enrich({ title: 'x', body: 'y' }, [])).rejects.toThrow();
    expect(fake.requests.length).toBe(before);
    const allowed = await provider(open).enrich({ title: 'Invoice chaser', body: 'Freelancers chase invoices.' }, []);
    expect(allowed.value.summary).toBeTruthy();
    expect(fake.requests.length).toBe(before + 1);
  });
});

describe('llmEndpointPolicy', () => {
  it('takes the flag from the setting or, for an environment base URL, from the environment', async () => {
    expect((await llmEndpointPolicy(handle.db, {})).allowPrivate).toBe(false);
    expect((await llmEndpointPolicy(handle.db, { LLM_ALLOW_PRIVATE_BASE_URL: 'true' })).allowPrivate).toBe(true);
    await handle.db
      .insertInto('settings')
      .values({ key: 'llm.allow_private_base_url', value: JSON.stringify(true), updated_by: null })
      .execute();
    expect((await llmEndpointPolicy(handle.db, {})).allowPrivate).toBe(true);
  });
});
