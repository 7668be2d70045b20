import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@ideamine/server/net/free-port';

// The API as a benchmark measures it: its own process (`npm run start:api`) on a free loopback port,
// started with the given environment, ready when /readyz answers.

const root = path.resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Node's flags as `npm start` and `npm run start:api` give them (package.json): a young
 * generation of 32 MB, where the default's frequent scavenges took 12% of an API process's CPU
 * under load. The bare handler gets them too, so the ratios compare code, not flags.
 */
const NODE_FLAGS = ['--max-semi-space-size=32'];

/** Starts `node --import tsx <script>` from the repository root with extra environment. */
export function startScript(args: string[], env: NodeJS.ProcessEnv = {}, stdout: 'pipe' | 'ignore' = 'pipe') {
  return spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const port = await freePort();
  const child = startScript(
    ['api/src/server.ts'],
    { LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    process.env.BENCH_API_LOG ? 'pipe' : 'ignore',
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`the API at ${url} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the API's in-memory copies (search index, list) are built: a steady state, not its first seconds. */
export async function copiesBuilt(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { search_index?: string; list_index?: string };
    if (health.search_index === 'ready' && health.list_index === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the API did not build its in-memory search index and list within 2 minutes');
}
