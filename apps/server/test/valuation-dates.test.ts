import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, valuationResultSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/**
 * Issue 20's worked case: 31 Park St, Abbotsford VIC sold for $1,200,000 on 17 February 2018;
 * Melbourne's sales end in March 2018, Perth's in September 2020. Issue 31: every market is valued as
 * at the ABS series' last quarter (31 March 2025), carried forward from its last local sale.
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

  it('values a Melbourne address as at 31 March 2025: from its own sale and Melbourne\'s sales to March 2018, carried forward by the ABS series', async () => {
    const valuation = await value({ address: PARK_ST });
    expect(valuation.market.name).toBe('Melbourne (VIC)');
    expect(valuation.asAt).toBe('2025-03-31');
    expect(valuation.market.evidenceDate).toBe(valuation.market.lastSaleDate);
    expect(valuation.market.lastSaleDate.startsWith('2018-03')).toBe(true);
    expect(valuation.market.note).toMatch(/^as at 31 March 2025, the end of the latest quarter of the ABS series; its latest local sale in our data is of \d{1,2} March 2018/);
    const carry = valuation.carryForward!;
    expect(carry).toMatchObject({ fromDate: valuation.market.lastSaleDate, toDate: '2025-03-31', series: 'ABS 6432.0 median established house transfer price, Melbourne' });
    expect(carry.months).toBeGreaterThan(80);
    expect(carry.summary).toContain('carried to 31 March 2025');
    // Melbourne's house median moved from about $830,000 (early 2018) to about $810,000-$850,000 (2024-25): a factor near 1.
    expect(carry.factor).toBeGreaterThan(0.9);
    expect(carry.factor).toBeLessThan(1.2);
    // The own sale of 17 February 2018 anchors the evidence-date value, which is then carried.
    expect(valuation.ownSale).toMatchObject({ saleDate: '2018-02-17', priceAud: 1_200_000 });
    expect(Math.abs(valuation.estimate / (1_200_000 * carry.factor) - 1)).toBeLessThan(0.05);
    expect(valuation.factors.some((factor) => factor.feature === 'ownSale')).toBe(true);
    expect(valuation.factors.find((factor) => factor.feature === 'marketMovement')?.label).toContain('ABS 6432.0');
    // base + factors = estimate, the own sale's and the carry-forward's dollar effects included
    expect(valuation.baseValueAud + valuation.factors.reduce((sum, factor) => sum + factor.contributionAud, 0)).toBe(valuation.estimate);
    // A seven-year carry widens the range: FSD and confidence say so.
    expect(valuation.fsdPct).toBeGreaterThan(0);
    expect(valuation.timeline.at(-1)).toMatchObject({ date: '2025-03-31', valuationAud: valuation.estimate, carriedForward: true });
  });

  it('two weeks after the sale, the estimate is within 3% of it and nothing is carried', async () => {
    const valuation = await value({ address: PARK_ST, asAt: '2018-03-03' });
    expect(valuation.carryForward).toBeNull();
    expect(valuation.market.evidenceDate).toBe('2018-03-03');
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

  it('a date between the last local sale and March 2025 is carried to that date; a later one is capped at 31 March 2025 and says so', async () => {
    const byDefault = await value({ address: PARK_ST });
    const between = await value({ address: PARK_ST, asAt: '2020-09-01' });
    const later = await value({ address: PARK_ST, asAt: '2030-01-01' });
    expect(between.asAt).toBe('2020-09-01');
    expect(between.market.capped).toBe(false);
    expect(between.carryForward?.toDate).toBe('2020-09-01');
    expect(between.carryForward!.months).toBeLessThan(byDefault.carryForward!.months);
    expect(later.asAt).toBe('2025-03-31');
    expect(later.market.capped).toBe(true);
    expect(later.market.note).toContain('no later evidence exists');
    expect(later.estimate).toBe(byDefault.estimate);
  });

  it('a Perth and a Sydney address are valued as at 31 March 2025, each carried from its own market\'s last sale', async () => {
    const perth = await value({ suburb: 'Scarborough', state: 'WA', postcode: '6019' });
    expect(perth.market.name).toBe('Perth (WA)');
    expect(perth.asAt).toBe('2025-03-31');
    expect(perth.market.evidenceDate.startsWith('2020')).toBe(true);
    expect(perth.carryForward?.series).toBe('ABS 6432.0 median established house transfer price, Perth');
    // Perth's median rose by about 70% from 2020 to 2025.
    expect(perth.carryForward!.factor).toBeGreaterThan(1.4);
    const sydney = await value({ suburb: 'Bondi', state: 'NSW', postcode: '2026' });
    expect(sydney.asAt).toBe('2025-03-31');
    expect(sydney.carryForward?.series).toContain('Sydney');
    expect(sydney.carryForward!.fromDate).toBe(sydney.market.lastSaleDate);
  });

  it('an NSW address from the Valuer General\'s files is valued as at 31 March 2025, carried from the NSW market\'s last sale in March 2021 by the rest-of-NSW series', async () => {
    const valuation = await value({ address: '21 Comfort Ave, Cessnock NSW 2325' });
    expect(valuation.property.locationPrecision).toBe('locality');
    expect(valuation.market.name).toBe('New South Wales (NSW)');
    expect(valuation.asAt).toBe('2025-03-31');
    expect(valuation.market.evidenceDate.startsWith('2021-03')).toBe(true);
    expect(valuation.carryForward).toMatchObject({ fromDate: valuation.market.evidenceDate, toDate: '2025-03-31', series: 'ABS 6432.0 median established house transfer price, Rest of NSW' });
    expect(valuation.fsdPct).toBeGreaterThan(0);
    // The Valuer General's files record no rooms, floor area or year built, so too few NSW house
    // sales do for a typical value: the model values without them, as it learned those sales.
    expect(valuation.assumed).toContain('bedrooms, bathrooms, carSpaces, buildingSizeM2, yearBuilt: left to the model (fewer than 95% of NSW house sales record them: the model learned to value without them)');
    expect(valuation.property.attributes.bedrooms ?? null).toBeNull();
  });

  it('a Brisbane address gets no estimate but the city\'s ABS median for its dwelling type, labelled, with the reason', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/valuations', payload: { address: '10 Adelaide St, Brisbane City QLD 4000', attributes: { propertyType: 'house' } } });
    expect(response.statusCode, response.body).toBe(422);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe('NO_ESTIMATE');
    expect(error.message).toContain('no local sales in QLD');
    expect(error.noEstimate?.regionMedian).toMatchObject({ region: 'Brisbane', capital: true, kind: 'house', medianAud: 930_000, quarter: '2025-03', asAt: '2025-03-31' });
    expect(error.noEstimate?.regionMedian?.summary).toContain("not this property's value");
    expect(error.noEstimate?.place.state).toBe('QLD');
    // Hazards work there as anywhere.
    const hazards = await testApp.app.inject({ method: 'POST', url: '/api/hazards/assess', payload: { lat: error.noEstimate!.place.lat, lng: error.noEstimate!.place.lng } });
    expect(hazards.statusCode, hazards.body).toBe(200);
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
