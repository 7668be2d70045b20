/**
 * Polls `probe` every 100 ms until it returns something truthy (which it then returns), or
 * fails after `timeoutMs` naming `what`: tests wait for a condition, never for a fixed time.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
