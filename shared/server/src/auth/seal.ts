import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Short-lived secrets the server must hand back unchanged (a refresh token pair during its grace
// window) are kept sealed at rest: AES-256-GCM under a key derived from the server's signing
// secret for this one purpose, so a copy of the database alone does not hold usable tokens.

const keyFor = (secret: Uint8Array, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `ideamine:${purpose}`, 32));

export function seal(secret: Uint8Array, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed text, or null when it was sealed under another key or purpose, or tampered with. */
export function unseal(secret: Uint8Array, purpose: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
