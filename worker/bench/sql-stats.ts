import pg from 'pg';

// BENCH_SQL_STATS=1: counts every statement this process sends to PostgreSQL (ours, Kysely's and
// pg-boss's), grouped by its text with the parameters and value lists folded, with the time from
// send to answer (waits for locks and for a pool connection included). Round trips are what the
// pipeline pays most for on a small machine whose cores PostgreSQL shares.

interface Tally {
  count: number;
  ms: number;
}

const tallies = new Map<string, Tally>();

/** One key per statement shape: whitespace collapsed, $n and lists of them folded, cut at 110 characters. */
function shape(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(::\w+(\[\])?)?/g, '$')
    .replace(/\((\$, )*\$\)(, \((\$, )*\$\))*/g, '(…)')
    .trim()
    .slice(0, 110);
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** Starts counting; returns a function that resets the counts (to leave out the setup). */
export function countStatements(): () => void {
  const query = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (...args) {
    const first = args[0] as string | { text?: string };
    const key = shape(typeof first === 'string' ? first : (first?.text ?? '?'));
    const started = performance.now();
    const done = () => {
      const t = tallies.get(key) ?? { count: 0, ms: 0 };
      t.count++;
      t.ms += performance.now() - started;
      tallies.set(key, t);
    };
    // pg-boss passes a callback; Kysely awaits the promise.
    const callback = args.findIndex((a) => typeof a === 'function');
    if (callback >= 0) {
      const cb = args[callback] as (...r: unknown[]) => void;
      args[callback] = (...r: unknown[]) => {
        done();
        cb(...r);
      };
    }
    const result = query.apply(this, args);
    if (callback < 0 && result instanceof Promise) result.then(done, done);
    return result;
  };
  return () => tallies.clear();
}

/** The counts so far: the total per page and the most frequent statements. */
export function statementReport(pages: number, top = 20): string {
  const rows = [...tallies].sort((a, b) => b[1].count - a[1].count);
  const total = rows.reduce((n, [, t]) => n + t.count, 0);
  const lines = rows
    .slice(0, top)
    .map(([key, t]) => `${String(t.count).padStart(7)} ${`${t.ms.toFixed(0)} ms`.padStart(10)}  ${key}`);
  return [
    `SQL statements: ${total} (${(total / pages).toFixed(2)} per page); count, total time to answer, statement:`,
    ...lines,
  ].join('\n');
}
