// The cards (JSON text, queries/public-cards.ts) of the ideas this process listed lately, so a
// page of the in-memory list (listing-copy.ts) costs no round trip to PostgreSQL when its ideas
// were shown before: a million ideas' cards would not fit, but the ideas visitors page through
// are far fewer. Least recently used first out, past a budget in bytes. The list's copy drops a
// card whenever its read of changes names the idea (migrations 0037 and 0038 log every change
// to a listed idea's card), so a card is never older than the copy. A card read from PostgreSQL
// while a read of changes ran may predate it: keep() takes only cards read since the last one.
//
// Once the cache is full, a card is kept from its second read, as the page cache keeps a page
// from its second ask (until then every card is kept, so the cache fills quickly): when
// visitors page deep into the catalogue nearly every card is new, and keeping each one (only for
// it to be pushed out unread) made the collector promote thousands of strings a second and cost
// a tenth of the throughput. Ideas read once are remembered by id in a bitmap, cleared once it
// names about twice as many ideas as the cache holds.

/** What an entry costs besides its text: the map's slot, the string's header, the number. */
const ENTRY_OVERHEAD = 80;
/** The fewest ideas remembered as read once before the memory of them is cleared. */
const MIN_READ_ONCE = 10_000;

export class CardCache {
  private readonly cards = new Map<number, string>();
  private bytes = 0;
  private changes = 0;
  /** Bit per idea id: its card was read once and not kept. */
  private readOnce = new Uint8Array(0);
  private readOnceCount = 0;

  constructor(private readonly budgetBytes: number) {}

  /** Whether the cache holds anything at all (a budget of 0 turns it off). */
  get enabled(): boolean {
    return this.budgetBytes > 0;
  }

  get size(): number {
    return this.cards.size;
  }

  /** Counts reads of changes: cards read from PostgreSQL before one are not kept after it. */
  get generation(): number {
    return this.changes;
  }

  /** The card of an idea, marked as used just now; undefined when not held. */
  get(id: number): string | undefined {
    const card = this.cards.get(id);
    if (card === undefined) return undefined;
    // Re-inserted so the map's order stays least recently used first.
    this.cards.delete(id);
    this.cards.set(id, card);
    return card;
  }

  /** Keeps cards read from PostgreSQL at `generation`, unless a read of changes came since. */
  keep(cards: readonly { id: number; card: string }[], generation: number): void {
    if (!this.enabled || generation !== this.changes) return;
    for (const { id, card } of cards) {
      if (this.bytes >= this.budgetBytes && !this.readBefore(id)) continue;
      this.drop(id);
      this.cards.set(id, card);
      this.bytes += card.length + ENTRY_OVERHEAD;
    }
    for (const [id] of this.cards) {
      if (this.bytes <= this.budgetBytes) break;
      this.drop(id);
    }
  }

  /** Drops the cards of ideas that changed. */
  forget(ids: Iterable<number>): void {
    this.changes += 1;
    for (const id of ids) this.drop(id);
  }

  /** Drops every card (the copy was built again). */
  clear(): void {
    this.changes += 1;
    this.cards.clear();
    this.bytes = 0;
  }

  /** Whether an idea's card was read once before; if not, remembers that it now was. */
  private readBefore(id: number): boolean {
    const byte = id >>> 3;
    const bit = 1 << (id & 7);
    if (byte < this.readOnce.length && this.readOnce[byte]! & bit) return true;
    if (byte >= this.readOnce.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.readOnce.length * 2, 1024));
      grown.set(this.readOnce);
      this.readOnce = grown;
    }
    if (this.readOnceCount >= Math.max(MIN_READ_ONCE, 2 * this.cards.size)) {
      this.readOnce.fill(0);
      this.readOnceCount = 0;
    }
    this.readOnce[byte]! |= bit;
    this.readOnceCount += 1;
    return false;
  }

  private drop(id: number): void {
    const card = this.cards.get(id);
    if (card === undefined) return;
    this.cards.delete(id);
    this.bytes -= card.length + ENTRY_OVERHEAD;
  }
}
