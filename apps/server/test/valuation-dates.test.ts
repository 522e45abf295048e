import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valuationResultSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/**
 * Issue 20's worked case: 31 Park St, Abbotsford VIC sold for $1,200,000 on 17 February 2018;
 * Melbourne's sales end in March 2018, Perth's in September 2020.
 */
const PARK_ST = '31 Park St, Abbotsford VIC 3067';

describe.skipIf(getApiSkipReason() !== null)('valuation dates and own sales', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function value(payload: object) {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/valuations', payload });
    expect(response.statusCode, response.body).toBe(200);
    return valuationResultSchema.parse(response.json().valuation);
  }

  it('values a Melbourne address as at the latest Melbourne sale, anchored on its own sale', async () => {
    const valuation = await value({ address: PARK_ST });
    expect(valuation.market.name).toBe('Melbourne (VIC)');
    expect(valuation.asAt).toBe(valuation.market.lastSaleDate);
    expect(valuation.asAt.startsWith('2018-03')).toBe(true);
    expect(valuation.market.note).toMatch(/^as at \d{1,2} March 2018, the latest Melbourne \(VIC\) sale in our data$/);
    expect(valuation.ownSale).toMatchObject({ saleDate: '2018-02-17', priceAud: 1_200_000 });
    expect(Math.abs(valuation.estimate / 1_200_000 - 1)).toBeLessThan(0.05);
    expect(valuation.factors.some((factor) => factor.feature === 'ownSale')).toBe(true);
    // base + factors = estimate, the own sale's dollar effect included
    expect(valuation.baseValueAud + valuation.factors.reduce((sum, factor) => sum + factor.contributionAud, 0)).toBe(valuation.estimate);
    // Comparables are moved by Melbourne's own index, which no later sale extends.
    for (const comparable of valuation.comparables) {
      const ratio = comparable.timeAdjustedPriceAud / comparable.priceAud;
      expect(ratio, `${comparable.address} ${comparable.saleDate}`).toBeLessThan(1.35);
      if (comparable.saleDate >= '2017-03-01') expect(ratio).toBeLessThan(1.12);
    }
  });

  it('two weeks after the sale, the estimate is within 3% of it', async () => {
    const valuation = await value({ address: PARK_ST, asAt: '2018-03-03' });
    expect(valuation.ownSale?.ageMonths).toBeLessThan(1);
    expect(Math.abs(valuation.estimate / 1_200_000 - 1)).toBeLessThan(0.03);
    expect(valuation.low).toBeLessThanOrEqual(valuation.estimate);
    expect(valuation.high).toBeGreaterThanOrEqual(valuation.estimate);
    // Regression (issue 17): within the index-adjusted previous price +- the range, and listed first.
    const adjusted = valuation.ownSale!.timeAdjustedPriceAud;
    expect(valuation.low).toBeLessThanOrEqual(adjusted);
    expect(valuation.high).toBeGreaterThanOrEqual(adjusted);
    expect(valuation.comparables[0]).toMatchObject({ saleDate: '2018-02-17', priceAud: 1_200_000, ownSale: true });
  });

  it('a date after Melbourne\'s data answers as at its last sale, says so, and invents no movement', async () => {
    const byDefault = await value({ address: PARK_ST });
    const later = await value({ address: PARK_ST, asAt: '2020-09-01' });
    const muchLater = await value({ address: PARK_ST, asAt: '2024-01-01' });
    expect(later.asAt).toBe(byDefault.asAt);
    expect(later.market.capped).toBe(true);
    expect(later.market.note).toContain('no later evidence exists');
    expect(later.estimate).toBe(byDefault.estimate);
    expect(muchLater.estimate).toBe(byDefault.estimate);
  });

  it('a Perth address is valued as at Perth\'s own latest sale', async () => {
    const valuation = await value({ suburb: 'Scarborough', state: 'WA', postcode: '6019' });
    expect(valuation.market.name).toBe('Perth (WA)');
    expect(valuation.asAt.startsWith('2020')).toBe(true);
  });

  it('discloses an ambiguous suburb typed alone: the state chosen, why, and the alternatives', async () => {
    const counts = await testApp.context.database.query<{ state: string; sales: number }>(`SELECT state, count(*)::int AS sales FROM sales WHERE upper(suburb) = 'ABBOTSFORD' AND state IS NOT NULL GROUP BY state ORDER BY sales DESC`);
    expect(counts.length).toBeGreaterThan(1);
    const valuation = await value({ address: '1 Nowhere Lane, Abbotsford' });
    expect(valuation.property.state).toBe(counts[0]!.state);
    const note = valuation.assumed.find((line) => line.startsWith('place: '));
    expect(note).toContain(`${counts[0]!.state} has the most sales`);
    expect(note).toContain(`did you mean Abbotsford ${counts[1]!.state}`);
    // With its state, no choice is made for the user.
    expect((await value({ address: '1 Nowhere Lane, Abbotsford NSW' })).assumed.some((line) => line.startsWith('place: '))).toBe(false);
  });
});
