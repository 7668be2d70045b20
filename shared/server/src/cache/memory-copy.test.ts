import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database';
import { MemoryCopy, type ChangesRead } from './memory-copy';

// When a read waits for changes: every change announced before it, and no more. The copy here
// holds only a count of its reads of changes, so no database is needed (none is touched).

class CountingCopy extends MemoryCopy<{ built: true }> {
  reads = 0;
  /** Runs inside each read of changes, before it finishes (a change announced meanwhile). */
  duringRead: (() => void) | undefined;
  /** While set, a read of changes does not finish until it resolves (a slow read). */
  gate: Promise<void> | undefined;

  constructor(readWaitMs?: number) {
    super(null as unknown as Db, pino({ level: 'silent' }), 'counting copy', readWaitMs);
  }

  read() {
    return this.current();
  }

  protected build() {
    return Promise.resolve({ copy: { built: true } as const, readFrom: '0' });
  }

  /** While set when a read of changes begins, it fails with this error once the gate opens (a lost connection). */
  failure: Error | undefined;

  protected async readChanges(): Promise<ChangesRead> {
    this.reads += 1;
    await new Promise((resolve) => setImmediate(resolve));
    const failure = this.failure;
    await this.gate;
    if (failure) throw failure;
    this.duringRead?.();
    return { readFrom: '0' };
  }
}

describe('memory copy', () => {
  it('reads the changes announced before a read, then answers, however fast changes keep coming', async () => {
    const copy = new CountingCopy();
    expect(await copy.ready()).toBe(true);
    expect(await copy.read()).not.toBeNull();
    expect(copy.reads).toBe(0);

    copy.changed();
    await copy.read();
    expect(copy.reads).toBe(1);

    // A worker writing without pause: every read of changes sees another change announced.
    copy.duringRead = () => copy.changed();
    copy.changed();
    await copy.read();
    expect(copy.reads).toBe(2);
    // A change announced while a read of changes runs is read before the next answer.
    await copy.read();
    expect(copy.reads).toBe(3);
  });

  it('makes a read that arrives during a read of changes wait for one that starts after its change', async () => {
    const copy = new CountingCopy();
    await copy.ready();
    copy.changed();
    const first = copy.read();
    // The first read of changes may have missed this one: the second read waits for another.
    copy.changed();
    const second = copy.read();
    await first;
    await second;
    expect(copy.reads).toBe(2);
  });

  describe('with a bound on the wait', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const slowRead = (copy: CountingCopy) => {
      let open!: () => void;
      copy.gate = new Promise((resolve) => (open = resolve));
      return () => {
        copy.gate = undefined;
        open();
      };
    };

    it('answers from the copy as held while a slow read of changes runs, then with the change', async () => {
      const copy = new CountingCopy(5);
      await copy.ready();
      const finish = slowRead(copy);
      copy.changed();
      let answered = false;
      const read = copy.read().then(() => (answered = true));
      await read;
      // Answered before the read of changes finished: it is still under way.
      expect(answered).toBe(true);
      expect(copy.reads).toBe(1);
      finish();
      await copy.read();
      // The next read found it done; nothing was read twice.
      expect(copy.reads).toBe(1);
    });

    it('tells its listeners once it has read a change it answered without, and only then', async () => {
      const copy = new CountingCopy(5);
      let told = 0;
      copy.onCaughtUpAfterStaleAnswer(() => (told += 1));
      await copy.ready();
      copy.changed();
      await copy.read(); // fast enough to wait for: nothing to tell
      expect(told).toBe(0);

      const finish = slowRead(copy);
      copy.changed();
      await copy.read(); // answered without the change
      expect(told).toBe(0);
      finish();
      await copy.read();
      expect(told).toBe(1);
      copy.changed();
      await copy.read();
      expect(told).toBe(1);
    });

    it('tells its listeners too when a read of changes it answered without fails (reads go to PostgreSQL then)', async () => {
      const copy = new CountingCopy(5);
      let told = 0;
      copy.onCaughtUpAfterStaleAnswer(() => (told += 1));
      await copy.ready();
      const finish = slowRead(copy);
      copy.failure = new Error('connection lost');
      copy.changed();
      await copy.read(); // answered without the change
      expect(told).toBe(0);
      copy.failure = undefined; // the copy's rebuild will read fine
      finish();
      // The failed read drops the copy and builds it again; the answer kept without the change goes.
      await copy.read();
      expect(told).toBe(1);
      expect(await copy.ready()).toBe(true);
      expect(told).toBe(1);
    });

    it('waits however long it takes once the copy misses a change announced over half a second ago', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const copy = new CountingCopy(5);
      await copy.ready();
      const finish = slowRead(copy);
      copy.changed();
      vi.setSystemTime(Date.now() + 600);
      let answered = false;
      const read = copy.read().then(() => (answered = true));
      // Ten times the bound passes (real timers): the read still waits for the change.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      finish();
      await read;
      expect(answered).toBe(true);
      expect(copy.reads).toBe(1);
    });
  });
});
