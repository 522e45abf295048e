import { describe, expect, it } from 'vitest';
import { MarketCache } from '../src/services/market/market-cache.ts';

describe('MarketCache rents (issue 12.5)', () => {
  it('reports a failed load of the rent file as a failure, and tries again on the next call', async () => {
    const cache = new MarketCache();
    await expect(cache.getRents('/no/such/data/dir')).rejects.toThrow();
    // Not cached as "no rents": the next call loads again (and fails again here).
    await expect(cache.getRents('/no/such/data/dir')).rejects.toThrow();
  });
});
