import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashPassword, MAX_PARALLEL_DERIVATIONS, verifyPassword } from './password';

// Password hashing: right and wrong passwords, and a burst of derivations leaving libuv's thread
// pool room for everything else (token signing, files, DNS).

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one or a foreign format', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });

  it('never takes the whole thread pool: other work runs while a burst of sign-ins is hashed', async () => {
    expect(MAX_PARALLEL_DERIVATIONS).toBeLessThan(4);
    const stored = await hashPassword('burst');
    const order: string[] = [];
    const burst = Array.from({ length: 8 }, (_, i) =>
      verifyPassword('burst', stored).then((ok) => {
        expect(ok).toBe(true);
        order.push(`verify ${i}`);
      }),
    );
    // A file lookup also runs on the thread pool: it must not wait for a derivation to end.
    await stat(import.meta.filename).then(() => order.push('stat'));
    await Promise.all(burst);
    expect(order[0]).toBe('stat');
  });
});
