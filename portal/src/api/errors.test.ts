import { describe, expect, it } from 'vitest';
import { ApiClientError, describeLoadError, networkError } from './errors';

// What a person reads when a page cannot load: plain words, a next step, and Retry only where
// retrying can help.

const answer = (status: number, code: string, message: string) => new ApiClientError(code, message, status);

describe('describeLoadError', () => {
  it('offers a retry for the network, a busy or a failing server', () => {
    expect(describeLoadError(networkError())).toMatchObject({ message: 'Ideamine could not be reached.', retry: true });
    expect(describeLoadError(answer(429, 'RATE_LIMITED', 'Too many requests')).retry).toBe(true);
    expect(describeLoadError(answer(503, 'SERVICE_UNAVAILABLE', 'db down')).retry).toBe(true);
    expect(describeLoadError(answer(500, 'INTERNAL_ERROR', 'boom')).message).not.toContain('boom');
  });

  it('says a missing record is missing, with no retry', () => {
    const text = describeLoadError(answer(404, 'NOT_FOUND', 'Idea not found'));
    expect(text).toMatchObject({ message: 'Idea not found.', retry: false });
    expect(text.next).toMatch(/removed|link/);
  });

  it('never shows the API wording of a malformed link', () => {
    const text = describeLoadError(answer(400, 'VALIDATION_ERROR', 'token must be a share token'));
    expect(text.message).toBe('This address is not valid.');
    expect(`${text.message} ${text.next}`).not.toContain('token must be');
    expect(text.retry).toBe(false);
  });
});
