import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides one-time credentials in the query and keeps the rest', () => {
    expect(redactUrl('/api/v1/auth/oauth/google/callback?code=4%2F0Ab&state=xyz&iss=https%3A%2F%2Fa')).toBe(
      '/api/v1/auth/oauth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fa',
    );
    expect(redactUrl('/api/v1/jobs?status=pending&page=2')).toBe('/api/v1/jobs?status=pending&page=2');
    expect(redactUrl('/x?barcode=1&Code=2')).toBe('/x?barcode=1&Code=[redacted]');
  });
});
