import { readFileSync } from 'node:fs';
import os from 'node:os';
import { closeAppContext, createAppContext } from '@ideamine/server/boot';
import { benchDatabase } from './bench-database';
import { buildUser, TEST_PASSWORD } from '@ideamine/server/test/factories';
import { startDemoSite } from '@ideamine/server/demo/site';
import { startApiProcess, startScript } from './api-process';
import { countIdeas, seedIdeas } from './seed-ideas';
import { reportResult } from '../../build/bench-result';

// `npm run soak`: mixed traffic (browse, search, vote, start crawl jobs) at a fixed rate for a
// bounded time against the API and a worker process on loopback, then the errors, latency
// percentiles per kind of request, and how the memory of both processes grew.
// SOAK_SECONDS (default 300), SOAK_RATE requests per second (default 40), SOAK_IDEAS (20,000).

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 40);
const IDEAS = Number(process.env.SOAK_IDEAS ?? 20_000);
const VOTERS = 40;
const DB_NAME = `ideamine_soak_${IDEAS}`;
const ADMIN = { email: 'soak-admin@example.test', password: 'soak-admin-password' };
const WORDS = ['invoice', 'garden', 'tutor', 'budget', 'clinic', 'booking', 'payroll', 'delivery', 'solar', 'podcast'];

type Kind = 'browse' | 'detail' | 'search' | 'vote' | 'job';
/** Share of the traffic per kind of request. */
const MIX: [Kind, number][] = [
  ['browse', 0.45],
  ['detail', 0.15],
  ['search', 0.2],
  ['vote', 0.17],
  ['job', 0.03],
];

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Stats {
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
}

async function main() {
  const { log, config: base, server, url: dbUrl } = await benchDatabase(DB_NAME);
  const site = await startDemoSite({ ideas: 40 });
  const stops: (() => Promise<void>)[] = [async () => site.close(), async () => server.stop()];
  try {
    const app = await createAppContext(base, log, dbUrl, { maintainQueue: false });
    if ((await countIdeas(app.db)) < IDEAS)
      await seedIdeas(app.db, IDEAS, (n) => process.stdout.write(`\r  ideas ${n}   `));
    const voters: string[] = [];
    for (let i = 0; i < VOTERS; i++) {
      const email = `soak-voter-${i}@example.test`;
      const found = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!found)
        await buildUser(app, {
          email,
          username: `soak_voter_${i}`,
          role: 'trial',
          trialExpiresAt: new Date(Date.now() + 86_400_000 * 365),
        });
      voters.push(email);
    }
    const ideaIds = (
      await app.db.selectFrom('knowledge').select('id').where('visibility', '=', 'public').limit(5000).execute()
    ).map((r) => r.id);
    await closeAppContext(app);

    const env = {
      DATABASE_URL: dbUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CRAWL_ALLOW_PRIVATE: '127.0.0.1',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    };
    const api = await startApiProcess(env);
    stops.unshift(api.stop);
    const worker = startScript(['worker/src/main.ts'], { ...env, LOG_LEVEL: 'warn' }, 'ignore');
    stops.unshift(async () => {
      if (worker.exitCode !== null) return;
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    });

    const login = async (email: string, password: string) => {
      const res = await fetch(`${api.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as {
        data: { tokens: { access_token: string } } | null;
        error?: { message: string };
      };
      if (!body.data) throw new Error(`sign-in of ${email} refused: ${body.error?.message}`);
      return body.data.tokens.access_token;
    };
    const voterTokens = await Promise.all(voters.map((email) => login(email, TEST_PASSWORD)));
    const adminToken = await login(ADMIN.email, ADMIN.password);

    const request = (kind: Kind): [string, RequestInit] => {
      switch (kind) {
        case 'browse':
          return [
            `/public/ideas?page=${1 + Math.floor(Math.random() * 20)}&sort=${pick(['created_at', 'profit_score', 'vote_score'])}`,
            {},
          ];
        case 'detail': {
          const id = pick(ideaIds);
          return [`/public/ideas/${id}/x`, {}];
        }
        case 'search':
          return [`/public/search?q=${pick(WORDS)}%20${pick(WORDS)}`, {}];
        case 'vote':
          return [
            `/knowledge/${pick(ideaIds)}/vote`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${pick(voterTokens)}`, 'content-type': 'application/json' },
              body: JSON.stringify({ vote_type: pick(['upvote', 'downvote']) }),
            },
          ];
        case 'job':
          return [
            '/jobs',
            {
              method: 'POST',
              headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({ initial_url: `${site.url}/`, max_depth: 1, max_pages: 20, tag: 'soak' }),
            },
          ];
      }
    };

    const stats = new Map<Kind, Stats>(MIX.map(([k]) => [k, { latencies: [], statuses: new Map(), errors: 0 }]));
    const memory: { t: number; api: number; worker: number }[] = [];
    const sample = () => memory.push({ t: performance.now(), api: rssMb(api.child.pid), worker: rssMb(worker.pid) });
    const send = async (kind: Kind) => {
      const [path, init] = request(kind);
      const s = stats.get(kind)!;
      const started = performance.now();
      try {
        const res = await fetch(`${api.url}/api/v1${path}`, init);
        await res.arrayBuffer();
        s.latencies.push(performance.now() - started);
        s.statuses.set(res.status, (s.statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) s.errors++;
      } catch {
        s.errors++;
      }
    };
    const chooseKind = (): Kind => {
      let r = Math.random();
      for (const [kind, share] of MIX) if ((r -= share) < 0) return kind;
      return 'browse';
    };

    console.log(
      `Soak: ${RATE} requests/s for ${SECONDS} s (${IDEAS} ideas, ${VOTERS} voters), ${os.cpus().length} cores, Node ${process.version}`,
    );
    sample();
    // Open loop: requests start on schedule whether or not earlier ones have answered.
    const inFlight = new Set<Promise<void>>();
    const started = performance.now();
    let sent = 0;
    let lastReport = started;
    while (performance.now() - started < SECONDS * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      while (sent < due) {
        const p = send(chooseKind()).finally(() => inFlight.delete(p));
        inFlight.add(p);
        sent++;
      }
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        sample();
        const m = memory.at(-1)!;
        process.stdout.write(
          `\r  ${((performance.now() - started) / 1000).toFixed(0)} s: ${sent} sent, ${inFlight.size} in flight, API ${m.api.toFixed(0)} MB, worker ${m.worker.toFixed(0)} MB   `,
        );
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(inFlight);
    sample();
    console.log('');

    let errors = 0;
    for (const [kind, s] of stats) {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      errors += s.errors;
      const codes = [...s.statuses]
        .sort(([a], [b]) => a - b)
        .map(([code, n]) => `${code}x${n}`)
        .join(' ');
      console.log(
        `  ${kind.padEnd(7)} ${String(sorted.length).padStart(6)} answered  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(6)} ms  errors ${s.errors}  (${codes})`,
      );
    }
    const all = [...stats.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
    // Growth after warm-up: from the first sample a fifth of the way in, to the last.
    const warm = memory[Math.max(1, Math.floor(memory.length / 5))] ?? memory[0]!;
    const last = memory.at(-1)!;
    console.log(
      `  all     ${String(all.length).padStart(6)} answered  p99 ${percentile(all, 99).toFixed(1)} ms, ${errors} errors (5xx or no answer)`,
    );
    for (const who of ['api', 'worker'] as const)
      console.log(
        `  memory ${who.padEnd(6)} start ${memory[0]![who].toFixed(0)} MB, after warm-up ${warm[who].toFixed(0)} MB, end ${last[who].toFixed(0)} MB, max ${Math.max(...memory.map((m) => m[who])).toFixed(0)} MB (growth after warm-up ${(last[who] - warm[who]).toFixed(0)} MB)`,
      );
    reportResult({
      measure: `errors in ${SECONDS} s at ${RATE} requests/s`,
      value: errors,
      unit: 'errors',
      goal: { op: '<=', value: 0 },
    });
    reportResult({ measure: 'p99 of all requests', value: percentile(all, 99), unit: 'ms' });
    for (const who of ['api', 'worker'] as const)
      reportResult({ measure: `${who} memory growth after warm-up`, value: last[who] - warm[who], unit: 'MB' });
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
