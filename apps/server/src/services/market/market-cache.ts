import { loadVicRents } from '@propguard/db';
import type { QualityIndex, RentRow } from '@propguard/engines';
import type { MarketAnalysis, PlaceChoice } from '@propguard/schemas';

/** Analyses kept (a few tens of kB each); the sales do not change while the server runs. */
const ANALYSIS_CACHE_ENTRIES = 500;

/**
 * The market engine's lazily computed state: the rent table (read on first use), the city
 * indices and recent analyses. Nothing is computed at start; the first analysis of a place
 * costs one query and one index fit, later ones are a map look-up.
 */
export class MarketCache {
  private rents: Promise<RentRow[]> | null = null;
  private readonly cityIndices = new Map<string, Promise<{ index: QualityIndex; label: string } | null>>();
  private readonly analyses = new Map<string, Promise<MarketOutcome>>();

  /** The rent table; a failed load is not kept (the next call tries again) and is reported as a failure, not as "no rents". */
  getRents(dataDir: string): Promise<RentRow[]> {
    if (!this.rents) {
      const loading = loadVicRents(dataDir);
      this.rents = loading;
      loading.catch(() => {
        if (this.rents === loading) this.rents = null;
      });
    }
    return this.rents;
  }

  getCityIndex(key: string, compute: () => Promise<{ index: QualityIndex; label: string } | null>) {
    let cached = this.cityIndices.get(key);
    if (!cached) {
      cached = compute();
      this.cityIndices.set(key, cached);
    }
    return cached;
  }

  /** A cached analysis, without computing one (null when absent or still computing). */
  peekAnalysis(key: string): Promise<MarketOutcome> | null {
    return this.analyses.get(key) ?? null;
  }

  getAnalysis(key: string, compute: () => Promise<MarketOutcome>): Promise<MarketOutcome> {
    const cached = this.analyses.get(key);
    if (cached) {
      this.analyses.delete(key);
      this.analyses.set(key, cached);
      return cached;
    }
    const computed = compute();
    this.analyses.set(key, computed);
    // A failed computation is not kept.
    computed.catch(() => this.analyses.delete(key));
    if (this.analyses.size > ANALYSIS_CACHE_ENTRIES) {
      const oldest = this.analyses.keys().next().value;
      if (oldest !== undefined) this.analyses.delete(oldest);
    }
    return computed;
  }
}

export type MarketOutcome = ({ analysis: MarketAnalysis; reason?: undefined } | { analysis: null; reason: string }) & {
  placeChoice?: PlaceChoice | null;
  /** Set when a street address was given: the market is its suburb's, and this says so. */
  locationNote?: string | null;
};

