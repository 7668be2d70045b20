import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt (memory-hard, in node:crypto, no native addon). Stored as scrypt$N$r$p$salt$hash so the
// cost can be raised later without breaking existing hashes.

// OWASP's minimum for scrypt: N=2^17, r=8, p=1 (128 MiB, about 0.3 s here).
const COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEM = 256 * 1024 * 1024;

/**
 * scrypt runs on libuv's thread pool (4 threads), which also serves token signing, file access
 * and DNS. A burst of sign-ins must not take every thread: a request holding a database
 * connection while it waits to sign its tokens then starves the pool of connections (seen in
 * the soak: 40 parallel logins, 3 answered 500). Two derivations at a time leave room.
 */
export const MAX_PARALLEL_DERIVATIONS = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);
let running = 0;
const waiting: (() => void)[] = [];

async function withDerivationSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL_DERIVATIONS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return withDerivationSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: MAX_MEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
