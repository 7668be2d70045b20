import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, accessTokenTtlSeconds: 900 });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      CORS_ORIGINS: 'http://a.test, http://b.test',
      TRUST_PROXY: 'true',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      corsOrigins: ['http://a.test', 'http://b.test'],
      trustProxy: true,
    });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });
});
