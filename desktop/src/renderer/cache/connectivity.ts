// Whether the console reaches its server, and how old the data on screen may be. The caching
// fetch reports every answer; the shell shows the banner from this state.

export type ConnectionState =
  /** Answers come from the server. */
  | { kind: 'online' }
  /** Just started: cached answers are on screen until the server answers. */
  | { kind: 'starting'; cachedAt: string | null }
  /** The server is unreachable: answers come from the cache. */
  | { kind: 'offline'; since: string; cachedAt: string | null };

type Listener = (state: ConnectionState) => void;

export class Connectivity {
  private state: ConnectionState = { kind: 'starting', cachedAt: null };
  private readonly listeners = new Set<Listener>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  get current(): ConnectionState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The server answered. */
  reached(): void {
    if (this.state.kind !== 'online') this.set({ kind: 'online' });
  }

  /** An answer came from the cache; `offline` when the server could not be reached for it. */
  servedFromCache(fetchedAt: string | null, offline: boolean): void {
    const oldest = (a: string | null, b: string | null) => (!a ? b : !b ? a : a < b ? a : b);
    if (offline) {
      const since = this.state.kind === 'offline' ? this.state.since : this.now().toISOString();
      const cachedAt = this.state.kind === 'online' ? fetchedAt : oldest(this.state.cachedAt, fetchedAt);
      this.set({ kind: 'offline', since, cachedAt });
    } else if (this.state.kind === 'starting') {
      this.set({ kind: 'starting', cachedAt: oldest(this.state.cachedAt, fetchedAt) });
    }
  }

  /** The server could not be reached; what is on screen (if anything) stays as cached. */
  unreachable(): void {
    if (this.state.kind === 'offline') return;
    const cachedAt = this.state.kind === 'starting' ? this.state.cachedAt : null;
    this.set({ kind: 'offline', since: this.now().toISOString(), cachedAt });
  }

  private set(state: ConnectionState) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}
