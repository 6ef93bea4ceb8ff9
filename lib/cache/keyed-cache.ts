// A small in-memory cache for the facts hot reads repeat on every request (a drop, its
// phases and counts). Written by hand rather than taken from a library because what matters
// here is the invalidation contract, which general-purpose caches do not give together:
// - single-flight: concurrent misses for a key share one load, so a cold cache under a rush
//   asks the database once;
// - explicit invalidation: a change announced for a key (or for everything) is never served
//   again, even by a load that was already running when the change was announced;
// - a maximum age as a safety net, for a change whose announcement was lost;
// - a pause, while announcements cannot be heard at all: every read loads, nothing is kept.
// Ages use the monotonic clock: they are a cache's bookkeeping, not business time.

export type KeyedCacheOptions = {
  /** Served at most this long after it was loaded, announced or not. */
  maxAgeMs: number;
  /** Live entries at most; the oldest go first. */
  maxEntries: number;
};

export type KeyedCacheStats = { hits: number; loads: number; invalidations: number; size: number };

type Entry<V> = { value: Promise<V>; loadedAt: number; generation: number };

export class KeyedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Bumped by every invalidation of a key, so a load that started before it is not kept. */
  private readonly generations = new Map<K, number>();
  private epoch = 0;
  private paused = false;
  private readonly counters = { hits: 0, loads: 0, invalidations: 0 };

  constructor(
    private readonly options: KeyedCacheOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The cached value, or `load(key)` once for every concurrent caller. A failed load is not kept. */
  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    if (this.paused) {
      this.counters.loads += 1;
      return load(key);
    }
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.options.maxAgeMs && entry.generation === this.generationOf(key)) {
      this.counters.hits += 1;
      return entry.value;
    }
    this.counters.loads += 1;
    const generation = this.generationOf(key);
    const value = load(key);
    const fresh: Entry<V> = { value, loadedAt: this.now(), generation };
    this.entries.delete(key); // re-insert: Map order stays oldest-first
    this.entries.set(key, fresh);
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return value;
  }

  /**
   * The cached value when there is a fresh one (a load in flight counts), without loading:
   * for a fact worth acting on only when known (lib/services/mint/sold-out-memory.ts).
   */
  peek(key: K): Promise<V> | undefined {
    if (this.paused) return undefined;
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.loadedAt >= this.options.maxAgeMs || entry.generation !== this.generationOf(key))
      return undefined;
    this.counters.hits += 1;
    return entry.value;
  }

  /** The key changed: the next read loads it again (a load in flight is not kept). */
  invalidate(key: K): void {
    this.counters.invalidations += 1;
    this.generations.set(key, this.generationOf(key) + 1);
    this.entries.delete(key);
    if (this.generations.size > this.options.maxEntries * 4) this.invalidateAll();
  }

  /** Everything may have changed (a lost announcement, a reconnect). */
  invalidateAll(): void {
    this.counters.invalidations += 1;
    this.epoch += 1;
    this.generations.clear();
    this.entries.clear();
  }

  /** Changes can no longer be heard: forget everything and keep nothing until `resume`. */
  pause(): void {
    this.paused = true;
    this.invalidateAll();
  }

  /** Changes are heard again: what changed meanwhile is unknown, so start from nothing. */
  resume(): void {
    this.invalidateAll();
    this.paused = false;
  }

  stats(): KeyedCacheStats {
    return { ...this.counters, size: this.entries.size };
  }

  private generationOf(key: K): number {
    return this.epoch * 1_000_000 + (this.generations.get(key) ?? 0);
  }
}
