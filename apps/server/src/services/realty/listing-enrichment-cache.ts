import type { Listing } from '@propguard/schemas';

/** What our engines add to a listing: valuation, hazard risk, LVR thresholds, and why a part is missing. */
export type ListingEnrichment = Pick<Listing, 'propguard_valuation' | 'propguard_risk' | 'propguard_compliance' | 'unavailable'>;

/**
 * Computed listing enrichments by listingEnrichmentKey (model, data and sale), least recently used
 * dropped first, with hit and miss counts (GET /api/realty/cache/status). A new model or new
 * sales make new keys, so an entry never serves figures of other inputs; POST
 * /api/realty/cache/clear empties it.
 */
export class ListingEnrichmentCache {
  private readonly entries = new Map<string, ListingEnrichment>();
  hits = 0;
  misses = 0;
  clearedAt: string | null = null;

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached enrichment without counting a hit or a miss, or undefined. */
  peek(key: string): ListingEnrichment | undefined {
    return this.entries.get(key);
  }

  async getOrCompute(key: string, compute: () => Promise<ListingEnrichment>): Promise<ListingEnrichment> {
    const cached = this.entries.get(key);
    if (cached) {
      this.hits += 1;
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    this.misses += 1;
    const computed = await compute();
    this.entries.set(key, computed);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return computed;
  }

  clear(now: Date): number {
    const cleared = this.entries.size;
    this.entries.clear();
    this.hits = 0;
    this.misses = 0;
    this.clearedAt = now.toISOString();
    return cleared;
  }
}
