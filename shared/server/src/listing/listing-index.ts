// The public ideas list (migration 0030's public_listing) as sorted arrays in this process's
// memory. In PostgreSQL a page 40 deep of a category sorted by votes reads 800 index entries,
// then the page's cards, and its total from the counters: about 4 ms of CPU between the two
// sides, so at a million ideas two cores answered some 500 such pages a second. Here the page's
// ids are a walk along a sorted array and its total a counter; PostgreSQL then reads only the
// page's cards by id (listing-copy.ts keeps this current, public-ideas.ts reads it).
//
// Each idea has a slot; its sort keys live in one typed array per sort. For the list of every
// idea ('*') and for each category there is, per sort, an array of slots in the descending order
// (key descending, gaps last, then id descending), the order of the indexes of migration 0030.
// The ascending order (gaps last too) is read from the same array: its keyed part backwards,
// then its gaps backwards. A profit label or kind filter is tested on the way along the array,
// skipping whole blocks of it by their per-block counts of each label x kind.

export const MEMORY_SORTS = ['created_at', 'profit_score', 'vote_score', 'overall_score', 'title'] as const;
export type MemorySort = (typeof MEMORY_SORTS)[number];

/** What the list needs of a public idea. Scores in hundredths, so numeric(4,2) stays exact. */
export interface ListedIdea {
  id: number;
  /** Distinct category slugs. */
  categories: readonly string[];
  label: string | null;
  community: boolean;
  /** created_at in microseconds since 1970 (ties then break by id, as in PostgreSQL). */
  createdUs: number;
  profit: number | null;
  overall: number | null;
  votes: number;
  /**
   * The title's place in PostgreSQL's order of titles (then ids), as a number: titles compare in
   * the database's collation, which this process cannot repeat, so PostgreSQL says where a new
   * title goes (listing-copy.ts). Null while that is not known yet: the idea sits in the title
   * lists' gaps, and the copy sends title pages to PostgreSQL until every title has its place.
   */
  titleKey: number | null;
  /** A hash of the title (hashtext), to tell whether a changed idea's title moved. */
  titleHash: number;
}

export interface ListingFilter {
  /** A category slug; none for every idea. */
  category?: string | undefined;
  /** The profit labels kept (one, or a label and those above it); none for any. */
  labels?: readonly string[] | undefined;
  kind: 'all' | 'community' | 'crawled';
}

/** Where a page starts: this many matching ideas in, or right after a cursor's (key, id). */
export type PageStart = { offset: number } | { after: { key: number | null; id: number } };

/** A gap (NULL) sorts below every key, so descending puts gaps last. */
const GAP = Number.NEGATIVE_INFINITY;
const TITLE = MEMORY_SORTS.indexOf('title');
/** Room for about thirty titles put one after another into the same gap before a renumbering. */
export const TITLE_SPACING = 2 ** 30;
const ALL = '*';
/** Labels told apart (a slot's label is a byte). */
const LABEL_LIMIT = 256;
/** Ids past this (256 MB of slot numbers) are not held; the copy then fails to build and PostgreSQL answers. */
const MAX_ID = 64 * 1024 * 1024;
/** The widest range of integer keys sorted by counting (4 MB of counters). */
const COUNTING_RANGE = 1 << 20;
/** Up to this many changes at once are spliced in one by one; past it every array is rebuilt by merging. */
const SPLICE_LIMIT = 64;

/** Slots in descending order of one sort, grown by doubling. */
class OrderedSlots {
  length = 0;
  slots = new Int32Array(16);
  /** blockCountsOf's counts while the list is unchanged, with their number of groups. */
  blockCounts: Uint16Array | null = null;
  groups = 0;
}

/** A list's counts per label x kind are kept per block of 2^BLOCK_BITS slots. */
const BLOCK_BITS = 8;

function matchingIn(counts: Uint16Array, block: number, groups: readonly number[], width: number): number {
  let n = 0;
  for (const g of groups) if (g < width) n += counts[block * width + g]!;
  return n;
}

export class ListingIndex {
  private capacity = 0;
  private ids = new Int32Array(0);
  /** Per sort (MEMORY_SORTS' order), per slot: the key, GAP for NULL. */
  private keys: Float64Array[] = MEMORY_SORTS.map(() => new Float64Array(0));
  private labelOf = new Uint8Array(0);
  private communityOf = new Uint8Array(0);
  /** Per slot: its set of categories, as an index into `categorySets`. */
  private categorySetOf = new Uint32Array(0);
  private titleHashOf = new Int32Array(0);
  private readonly categorySets: string[][] = [];
  private readonly categorySetIndex = new Map<string, number>();
  private readonly labels: (string | null)[] = [null];
  private readonly slotOfId = new SlotsById();
  private readonly freeSlots: number[] = [];
  /** Slots appended since the last settle(). */
  private pending: number[] = [];
  private nextSlot = 0;
  /** Per list key ('*' or a category), per sort: the slots in descending order. */
  private readonly lists = new Map<string, OrderedSlots[]>();
  /** Ideas per group: (category set x LABEL_LIMIT + label) x 2 + community (countSlot). A filter's count sums its groups. */
  private readonly groupCounts = new Map<number, number>();
  /** Counts of filters asked since the last change. */
  private readonly filterCounts = new Map<string, number>();

  constructor(
    private readonly spliceLimit = SPLICE_LIMIT,
    private readonly blockBits = BLOCK_BITS,
  ) {}

  get size(): number {
    return this.slotOfId.size;
  }

  /** A listed idea's key in a sort (null for a gap); undefined when it is not listed. */
  keyOf(id: number, sort: MemorySort): number | null | undefined {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return undefined;
    const key = this.keys[MEMORY_SORTS.indexOf(sort)]![slot]!;
    return key === GAP ? null : key;
  }

  /** A listed idea's title key (null: not placed yet) and title hash; undefined when it is not listed. */
  titleOf(id: number): { key: number | null; hash: number } | undefined {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return undefined;
    const key = this.keys[TITLE]![slot]!;
    return { key: key === GAP ? null : key, hash: this.titleHashOf[slot]! };
  }

  /**
   * Whether no placed title lies between two listed ideas' titles in the order of every idea:
   * `low` right before `high` (null: the start or the end of the order).
   */
  adjacentInTitleOrder(low: number | null, high: number | null): boolean {
    const list = this.lists.get(ALL)?.[TITLE];
    if (!list) return low === null && high === null;
    const placed = list.length - this.gapsIn(list, TITLE);
    // The list runs from the highest key down: `high` comes right before `low`.
    const where = (id: number) => {
      const slot = this.slotOfId.get(id);
      if (slot === undefined || this.keys[TITLE]![slot] === GAP) return undefined;
      return this.positionOf(list, TITLE, slot);
    };
    const highAt = high === null ? -1 : where(high);
    const lowAt = low === null ? placed : where(low);
    return highAt !== undefined && lowAt !== undefined && lowAt === highAt + 1;
  }

  /**
   * Renumbers every placed title TITLE_SPACING apart in the order they hold (when the room
   * between two keys ran out). Keys keep their order, so every list stays sorted.
   */
  renumberTitles(): void {
    const list = this.lists.get(ALL)?.[TITLE];
    if (!list) return;
    const placed = list.length - this.gapsIn(list, TITLE);
    for (let i = 0; i < placed; i++) this.keys[TITLE]![list.slots[i]!] = (placed - i) * TITLE_SPACING;
  }

  /** Places ideas' titles: each id's new title key, moved to its place in its title lists. */
  setTitleKeys(keys: ReadonlyMap<number, number>): void {
    const slots: number[] = [];
    for (const id of keys.keys()) {
      const slot = this.slotOfId.get(id);
      if (slot !== undefined) slots.push(slot);
    }
    if (slots.length <= this.spliceLimit) {
      for (const slot of slots) {
        for (const key of this.listKeysOf(slot)) {
          const list = this.lists.get(key)![TITLE]!;
          removeAt(list, this.positionOf(list, TITLE, slot));
        }
        this.keys[TITLE]![slot] = keys.get(this.ids[slot]!)!;
        for (const key of this.listKeysOf(slot)) {
          const list = this.lists.get(key)![TITLE]!;
          insertAt(list, this.positionOf(list, TITLE, slot), slot);
        }
      }
      return;
    }
    // Many at once: each list drops them in one pass and takes them back in one merge.
    const moved = new Uint8Array(this.capacity);
    for (const slot of slots) {
      moved[slot] = 1;
      this.keys[TITLE]![slot] = keys.get(this.ids[slot]!)!;
    }
    const sorted = slots.sort((a, b) => this.compare(TITLE, a, b));
    const perList = new Map<string, number[]>();
    for (const slot of sorted) {
      for (const key of this.listKeysOf(slot)) {
        let inList = perList.get(key);
        if (!inList) perList.set(key, (inList = []));
        inList.push(slot);
      }
    }
    for (const [key, inList] of perList) {
      const list = this.lists.get(key)![TITLE]!;
      dropSlots(list, moved);
      this.merge(list, TITLE, inList);
    }
  }

  /** Public ideas matching the filter. */
  count(filter: ListingFilter): number {
    const name = `${filter.category ?? ALL}\u0000${filter.labels?.join('|') ?? ALL}\u0000${filter.kind}`;
    let n = this.filterCounts.get(name);
    if (n === undefined) {
      n = 0;
      for (const [group, ideas] of this.groupCounts) {
        const community = group % 2;
        const label = Math.floor(group / 2) % LABEL_LIMIT;
        const set = Math.floor(group / (2 * LABEL_LIMIT));
        if (filter.kind !== 'all' && community !== (filter.kind === 'community' ? 1 : 0)) continue;
        if (filter.labels !== undefined && !filter.labels.includes(this.labels[label]!)) continue;
        if (filter.category !== undefined && !this.categorySets[set]!.includes(filter.category)) continue;
        n += ideas;
      }
      this.filterCounts.set(name, n);
    }
    return n;
  }

  /** Ids of up to `limit` ideas matching the filter in the sort's order, from `start` on. */
  page(filter: ListingFilter, sort: MemorySort, order: 'asc' | 'desc', start: PageStart, limit: number): number[] {
    const s = MEMORY_SORTS.indexOf(sort);
    const list = this.lists.get(filter.category ?? ALL)?.[s];
    if (!list) return [];
    // Which slot labels the filter keeps; null for any.
    const kept = filter.labels === undefined ? null : this.labels.map((l) => l !== null && filter.labels!.includes(l));
    if (kept && !kept.includes(true)) return [];
    const community = filter.kind === 'all' ? -1 : filter.kind === 'community' ? 1 : 0;
    const n = list.length;
    const keyed = n - this.gapsIn(list, s);
    // The ascending view, as two runs of the descending array each read backwards: the keyed
    // part, then the gaps. Position j of the view is slot at(j).
    const runs: [first: number, last: number, step: 1 | -1][] =
      order === 'desc'
        ? [[0, n - 1, 1]]
        : [
            [keyed - 1, 0, -1],
            [n - 1, keyed, -1],
          ];
    const at =
      order === 'desc'
        ? (j: number) => list.slots[j]!
        : (j: number) => list.slots[j < keyed ? keyed - 1 - j : n - 1 - (j - keyed)]!;
    let j = 0;
    let skip = 0;
    if ('offset' in start) skip = start.offset;
    else j = this.firstAfter(n, at, s, order, start.after.key ?? GAP, start.after.id);
    const filtered = kept !== null || community >= 0;
    if (!filtered) {
      j += skip;
      skip = 0;
    }
    const groups = filtered ? this.groupsMatching(kept, community) : [];
    const matches = (slot: number) =>
      !filtered ||
      ((kept === null || kept[this.labelOf[slot]!]!) && (community < 0 || this.communityOf[slot] === community));
    // A filter skips whole blocks by their counts (those it has no idea in, those a deep page
    // passes over) instead of testing every slot: a rare label in a long list.
    const block = 1 << this.blockBits;
    const counts = filtered && n > block ? this.blockCountsOf(list) : null;
    const out: number[] = [];
    for (const [first, last, step] of runs) {
      const length = (last - first) * step + 1;
      if (j >= length) {
        j -= length;
        continue;
      }
      for (let i = first + j * step; i * step <= last * step && out.length < limit;) {
        if (counts) {
          const blockFirst = i & ~(block - 1);
          const blockLast = Math.min(blockFirst + block, n) - 1;
          const whole = step > 0 ? i === blockFirst && blockLast <= last : i === blockLast && blockFirst >= last;
          if (whole) {
            const inBlock = matchingIn(counts, i >> this.blockBits, groups, list.groups);
            if (inBlock <= skip) {
              skip -= inBlock;
              i = step > 0 ? blockLast + 1 : blockFirst - 1;
              continue;
            }
          }
        }
        const slot = list.slots[i]!;
        if (matches(slot)) {
          if (skip > 0) skip -= 1;
          else out.push(this.ids[slot]!);
        }
        i += step;
      }
      j = 0;
    }
    return out;
  }

  /** The label x kind groups (blockCountsOf) a filter keeps. */
  private groupsMatching(kept: boolean[] | null, community: number): number[] {
    const groups: number[] = [];
    for (let l = 0; l < this.labels.length; l++) {
      if (kept && !kept[l]) continue;
      for (let c = 0; c < 2; c++) if (community < 0 || c === community) groups.push(l * 2 + c);
    }
    return groups;
  }

  /** Per block of 2^blockBits slots of the list, how many are in each label x kind group; rebuilt after the list changes. */
  private blockCountsOf(list: OrderedSlots): Uint16Array {
    const groups = this.labels.length * 2;
    if (list.blockCounts && list.groups === groups) return list.blockCounts;
    const counts = new Uint16Array(Math.ceil(list.length / (1 << this.blockBits)) * groups);
    for (let i = 0; i < list.length; i++) {
      const slot = list.slots[i]!;
      counts[(i >> this.blockBits) * groups + this.labelOf[slot]! * 2 + this.communityOf[slot]!]! += 1;
    }
    list.blockCounts = counts;
    list.groups = groups;
    return counts;
  }

  /** Adds ideas, replacing those with the same id, and removes the ideas of `removedIds`. */
  apply(puts: readonly ListedIdea[], removedIds: readonly number[] = []): void {
    if (puts.length + removedIds.length <= this.spliceLimit) {
      for (const id of removedIds) this.remove(id);
      for (const idea of puts) this.put(idea);
      return;
    }
    this.applyByMerging(puts, removedIds);
  }

  put(idea: ListedIdea): void {
    this.remove(idea.id);
    const slot = this.fill(idea);
    for (const key of this.listKeysOf(slot)) {
      const lists = this.listsOf(key);
      for (let s = 0; s < MEMORY_SORTS.length; s++) insertAt(lists[s]!, this.positionOf(lists[s]!, s, slot), slot);
    }
  }

  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    for (const key of this.listKeysOf(slot)) {
      const lists = this.lists.get(key)!;
      for (let s = 0; s < MEMORY_SORTS.length; s++) removeAt(lists[s]!, this.positionOf(lists[s]!, s, slot));
    }
    this.release(slot);
    this.freeSlots.push(slot);
  }

  /**
   * Many changes at once (a re-scoring): every list drops its changed slots in one pass, then
   * takes the new ones in one merge.
   */
  private applyByMerging(puts: readonly ListedIdea[], removedIds: readonly number[]): void {
    const gone: number[] = [];
    for (const id of [...removedIds, ...puts.map((p) => p.id)]) {
      const slot = this.slotOfId.get(id);
      if (slot === undefined) continue;
      this.release(slot);
      gone.push(slot);
    }
    if (gone.length) {
      const dropped = new Uint8Array(this.capacity);
      for (const slot of gone) dropped[slot] = 1;
      for (const lists of this.lists.values()) for (const list of lists) dropSlots(list, dropped);
    }
    // Freed only now: a slot still in a list above must not be filled with another idea first.
    this.freeSlots.push(...gone);
    const latest = new Map<number, ListedIdea>();
    for (const idea of puts) latest.set(idea.id, idea);
    for (const idea of latest.values()) this.append(idea);
    this.settle();
  }

  /**
   * Adds an idea that is not in the index yet without sorting it in: the build appends every
   * idea, then settles once. Until settle() the idea is counted but in no list.
   */
  append(idea: ListedIdea): void {
    if (this.slotOfId.has(idea.id)) throw new Error(`idea ${idea.id} is in the listing already`);
    this.pending.push(this.fill(idea));
  }

  /** Sorts the appended ideas into the lists: once for '*', handed out in that order to the categories, one merge each. */
  settle(): void {
    for (const _ of this.settling());
  }

  /** settle() one sort at a time, so a caller can let requests run in between (each takes up to a second at a million ideas). */
  *settling(): Generator<void> {
    if (!this.pending.length) return;
    // Every sort breaks ties by id, descending: start from that order, then sort stably by key.
    const ids = Int32Array.from(this.pending, (slot) => this.ids[slot]!)
      .sort()
      .reverse();
    const byId = Int32Array.from(ids, (id) => this.slotOfId.get(id)!);
    this.pending = [];
    for (let s = 0; s < MEMORY_SORTS.length; s++) {
      const perKey = new Map<string, number[]>();
      for (const slot of this.sortedByKey(byId, s)) {
        for (const key of this.listKeysOf(slot)) {
          let slots = perKey.get(key);
          if (!slots) perKey.set(key, (slots = []));
          slots.push(slot);
        }
      }
      for (const [key, slots] of perKey) this.merge(this.listsOf(key)[s]!, s, slots);
      yield;
    }
  }

  /**
   * Slots in id order sorted stably by sort s's key, descending, gaps last. Scores and votes are
   * integers in a small range: a counting sort, linear (a comparator sort of a million slots
   * held the event loop for about a second). created_at and title keys go into buckets (bucketSorted).
   */
  private sortedByKey(byId: Int32Array, s: number): Int32Array {
    const keys = this.keys[s]!;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    let integers = true;
    for (const slot of byId) {
      const key = keys[slot]!;
      if (key === GAP) continue;
      if (key < low) low = key;
      if (key > high) high = key;
      if (!Number.isInteger(key)) integers = false;
    }
    if (!integers || high - low > COUNTING_RANGE) return this.bucketSorted(byId, s, low, high);
    // starts[k]: where the first slot of key high - k goes (descending keys).
    const starts = new Int32Array(Math.max(0, high - low + 2));
    for (const slot of byId) if (keys[slot] !== GAP) starts[high - keys[slot]! + 1]! += 1;
    for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
    const sorted = new Int32Array(byId.length);
    let gap = starts.length ? starts[starts.length - 1]! : 0;
    for (const slot of byId) {
      const key = keys[slot]!;
      if (key === GAP) sorted[gap++] = slot;
      else sorted[starts[high - key]!++] = slot;
    }
    return sorted;
  }

  /**
   * sortedByKey for keys spread too wide to count: the keyed slots go into as many buckets as
   * there are slots by where their key falls between the lowest and highest, each bucket then
   * sorted by comparison. Linear when keys spread evenly (title keys from their ranks), no worse
   * than one comparison sort when they crowd.
   */
  private bucketSorted(byId: Int32Array, s: number, low: number, high: number): Int32Array {
    const keys = this.keys[s]!;
    const n = byId.length;
    const span = high - low;
    // Descending: the highest key in bucket 0.
    const bucketOf = (key: number) => (span > 0 ? Math.min(n - 1, Math.floor(((high - key) / span) * n)) : 0);
    const starts = new Int32Array(n + 1);
    let keyed = 0;
    for (const slot of byId) {
      const key = keys[slot]!;
      if (key === GAP) continue;
      starts[bucketOf(key) + 1]! += 1;
      keyed += 1;
    }
    for (let b = 1; b <= n; b++) starts[b]! += starts[b - 1]!;
    const sorted = new Int32Array(n);
    const next = starts.slice(0, n);
    let gap = keyed;
    // Placed in id order (descending), so each bucket starts in the ties' order.
    for (const slot of byId) {
      const key = keys[slot]!;
      if (key === GAP) sorted[gap++] = slot;
      else sorted[next[bucketOf(key)]!++] = slot;
    }
    const compare = (a: number, b: number) => this.compare(s, a, b);
    for (let b = 0; b < n; b++)
      if (starts[b + 1]! - starts[b]! > 1) sorted.subarray(starts[b]!, starts[b + 1]!).sort(compare);
    return sorted;
  }

  /** Merges slots already in descending order into a list. */
  private merge(list: OrderedSlots, s: number, slots: readonly number[]): void {
    const merged = new Int32Array(Math.max(16, Math.ceil((list.length + slots.length) * 1.25)));
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < list.length && j < slots.length) {
      merged[k++] = this.compare(s, list.slots[i]!, slots[j]!) < 0 ? list.slots[i++]! : slots[j++]!;
    }
    while (i < list.length) merged[k++] = list.slots[i++]!;
    while (j < slots.length) merged[k++] = slots[j++]!;
    list.slots = merged;
    list.length = k;
    list.blockCounts = null;
  }

  /** Takes a slot for the idea and writes its keys; counts it. */
  private fill(idea: ListedIdea): number {
    const slot = this.freeSlots.pop() ?? this.nextSlot++;
    if (slot >= this.capacity) this.grow(slot + 1);
    this.ids[slot] = idea.id;
    this.keys[0]![slot] = idea.createdUs;
    this.keys[1]![slot] = idea.profit ?? GAP;
    this.keys[2]![slot] = idea.votes;
    this.keys[3]![slot] = idea.overall ?? GAP;
    this.keys[TITLE]![slot] = idea.titleKey ?? GAP;
    this.titleHashOf[slot] = idea.titleHash;
    let label = this.labels.indexOf(idea.label);
    if (label < 0) {
      if (this.labels.length === LABEL_LIMIT) throw new Error(`more than ${LABEL_LIMIT} profit labels`);
      label = this.labels.push(idea.label) - 1;
    }
    this.labelOf[slot] = label;
    this.communityOf[slot] = idea.community ? 1 : 0;
    this.categorySetOf[slot] = this.categorySetNumber(idea.categories);
    this.slotOfId.set(idea.id, slot);
    this.countSlot(slot, 1);
    return slot;
  }

  /** Forgets a slot's idea (its lists are the caller's business). */
  private release(slot: number): void {
    this.countSlot(slot, -1);
    this.slotOfId.delete(this.ids[slot]!);
  }

  private countSlot(slot: number, delta: number): void {
    const group = (this.categorySetOf[slot]! * LABEL_LIMIT + this.labelOf[slot]!) * 2 + this.communityOf[slot]!;
    const n = (this.groupCounts.get(group) ?? 0) + delta;
    if (n) this.groupCounts.set(group, n);
    else this.groupCounts.delete(group);
    this.filterCounts.clear();
  }

  private listKeysOf(slot: number): string[] {
    return this.categorySets[this.categorySetOf[slot]!]!;
  }

  private categorySetNumber(categories: readonly string[]): number {
    const keys = [ALL, ...new Set(categories)];
    const name = keys.join('\u0000');
    let n = this.categorySetIndex.get(name);
    if (n === undefined) {
      n = this.categorySets.push(keys) - 1;
      this.categorySetIndex.set(name, n);
    }
    return n;
  }

  private listsOf(key: string): OrderedSlots[] {
    let lists = this.lists.get(key);
    if (!lists) this.lists.set(key, (lists = MEMORY_SORTS.map(() => new OrderedSlots())));
    return lists;
  }

  private grow(needed: number): void {
    const capacity = Math.max(needed, this.capacity * 2, 1024);
    const grown = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity);
      b.set(a);
      return b;
    };
    this.ids = grown(this.ids);
    this.keys = this.keys.map(grown);
    this.labelOf = grown(this.labelOf);
    this.communityOf = grown(this.communityOf);
    this.categorySetOf = grown(this.categorySetOf);
    this.titleHashOf = grown(this.titleHashOf);
    this.capacity = capacity;
  }

  /** Descending order of sort `s`: negative when slot a comes first. */
  private compare(s: number, a: number, b: number): number {
    const keys = this.keys[s]!;
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka !== kb) return ka > kb ? -1 : 1;
    return this.ids[b]! - this.ids[a]!;
  }

  /** Where `slot` is, or would go, in a list in descending order. */
  private positionOf(list: OrderedSlots, s: number, slot: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(s, list.slots[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How many of the list's slots sit in the gaps (NULL keys, the descending array's tail). */
  private gapsIn(list: OrderedSlots, s: number): number {
    const keys = this.keys[s]!;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[list.slots[mid]!] !== GAP) lo = mid + 1;
      else hi = mid;
    }
    return list.length - lo;
  }

  /** The first position of a view (n long, read through `at`) past (key, id) in the view's order. */
  private firstAfter(n: number, at: (j: number) => number, s: number, order: 'asc' | 'desc', key: number, id: number) {
    const keys = this.keys[s]!;
    const after = (slot: number): boolean => {
      const k = keys[slot]!;
      const i = this.ids[slot]!;
      if (order === 'desc') return k !== key ? k < key : i < id;
      if ((k === GAP) !== (key === GAP)) return k === GAP;
      return k !== key ? k > key : i > id;
    };
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (after(at(mid))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/**
 * Where each idea's slot is: slot + 1 at index id (0: not listed). Knowledge ids are a sequence,
 * so a typed array as long as the highest id takes 4 bytes an id where a Map took about 40.
 */
class SlotsById {
  size = 0;
  private slots = new Int32Array(1024);

  get(id: number): number | undefined {
    const slot = id < this.slots.length ? this.slots[id]! : 0;
    return slot ? slot - 1 : undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, slot: number): void {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new Error(`idea id ${id} is outside 1..${MAX_ID}`);
    if (id >= this.slots.length) {
      const bigger = new Int32Array(Math.min(MAX_ID + 1, Math.max(id + 1, this.slots.length * 2)));
      bigger.set(this.slots);
      this.slots = bigger;
    }
    if (!this.slots[id]) this.size += 1;
    this.slots[id] = slot + 1;
  }

  delete(id: number): void {
    if (this.get(id) === undefined) return;
    this.slots[id] = 0;
    this.size -= 1;
  }
}

function insertAt(list: OrderedSlots, position: number, slot: number): void {
  list.blockCounts = null;
  if (list.length === list.slots.length) {
    const bigger = new Int32Array(list.slots.length * 2);
    bigger.set(list.slots);
    list.slots = bigger;
  }
  list.slots.copyWithin(position + 1, position, list.length);
  list.slots[position] = slot;
  list.length += 1;
}

function removeAt(list: OrderedSlots, position: number): void {
  list.blockCounts = null;
  list.slots.copyWithin(position, position + 1, list.length);
  list.length -= 1;
}

function dropSlots(list: OrderedSlots, dropped: Uint8Array): void {
  list.blockCounts = null;
  let k = 0;
  for (let i = 0; i < list.length; i++) {
    const slot = list.slots[i]!;
    if (!dropped[slot]) list.slots[k++] = slot;
  }
  list.length = k;
}
