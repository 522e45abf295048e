/**
 * A map that keeps at most `capacity` of weight (each entry weighs 1 unless `weigh` says more),
 * dropping the least recently used entries first; reading an entry marks it used. No I/O. The
 * server's read caches (kept valuation answers, address suggestions and their terms' scores,
 * search totals) share it.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked as the most recently used, or undefined. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map keeps insertion order: re-inserting makes the entry the newest.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value as the most recently used, then drops the oldest entries past the capacity (never this one). */
  set(key: K, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.weight -= this.weigh(previous);
    }
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [oldKey, oldValue] of this.entries) {
      if (this.weight <= this.capacity || oldKey === key) break;
      this.entries.delete(oldKey);
      this.weight -= this.weigh(oldValue);
    }
  }
}
