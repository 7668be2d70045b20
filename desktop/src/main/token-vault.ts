import { rmSync, readFileSync } from 'node:fs';
import { storedSessionSchema, type StoredDesktopSession } from '@ideamine/shared/ipc';
import { writeFileAtomic } from './json-file';

// The signed-in session, encrypted with the operating system's key store (Electron safeStorage:
// Keychain, DPAPI, libsecret). Without a key store the session stays in memory only: tokens are
// never written to disk in clear text.

export interface SecretBox {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export class TokenVault {
  private memory: StoredDesktopSession | null = null;

  constructor(
    private readonly file: string,
    private readonly box: SecretBox,
  ) {}

  load(): StoredDesktopSession | null {
    if (this.memory) return this.memory;
    if (!this.box.isEncryptionAvailable()) return null;
    try {
      const plain = this.box.decryptString(readFileSync(this.file));
      const parsed = storedSessionSchema.safeParse(JSON.parse(plain));
      this.memory = parsed.success ? parsed.data : null;
    } catch {
      this.memory = null; // no file, or sealed by another user or machine
    }
    return this.memory;
  }

  /** Keeps the session; true when it is also stored encrypted on disk. */
  save(session: StoredDesktopSession): boolean {
    this.memory = session;
    if (!this.box.isEncryptionAvailable()) return false;
    writeFileAtomic(this.file, this.box.encryptString(JSON.stringify(session)));
    return true;
  }

  clear(): void {
    this.memory = null;
    rmSync(this.file, { force: true });
  }
}
