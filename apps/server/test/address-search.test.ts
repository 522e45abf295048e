import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressDetailsResponseSchema,
  addressSuggestionsResponseSchema,
  errorResponseSchema,
  propertyDetailsResponseSchema,
  serviceHealthSchema,
  type AddressSuggestionsResponse,
} from '@propguard/schemas';
import { sampleMistypedAddresses } from './mistyped-addresses.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/** The address-search function of SPEC.md section 7 (issue 5, requirement 1) on the full index. */
describe.skipIf(getApiSkipReason() !== null)('address suggestions', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function post(payload: object) {
    return testApp.app.inject({ method: 'POST', url: '/api/functions/address-search', payload });
  }

  async function suggest(query: string, limit?: number): Promise<AddressSuggestionsResponse> {
    const response = await post({ action: 'autocomplete', query, ...(limit ? { limit } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return addressSuggestionsResponseSchema.parse(response.json());
  }

  function expectFieldError(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toBe(field);
  }

  it('finds an address despite a typo in the street name, with its house number first', async () => {
    const { suggestions, source } = await suggest('85 tuner st abbotsford');
    expect(suggestions[0]).toMatchObject({ address: '85 Turner St', suburb: 'Abbotsford', state: 'VIC', postcode: '3067', kind: 'address' });
    expect(suggestions[0]?.id).toMatch(/^address-\d+$/);
    expect(source).toMatch(/street addresses from our sales/);
  });

  it('completes the word being typed as a prefix', async () => {
    const { suggestions } = await suggest('85 Turner St Abbots');
    expect(suggestions[0]?.label).toBe('85 Turner St, Abbotsford VIC 3067');
  });

  it('finds sampled addresses of our sales typed with one letter of the street name missing', async () => {
    // Every 97th such address of the suite's data; the full data's every 997th: full-data.full-data.test.ts.
    const rows = await sampleMistypedAddresses(testApp.context.database, 97);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) {
      const { suggestions } = await suggest(row.typed);
      expect(suggestions.map((suggestion) => suggestion.id), `${row.address}, ${row.suburb} typed "${row.typed}"`).toContain(`address-${row.id}`);
    }
  });

  it('ranks exact and prefix matches above typo-corrected ones', async () => {
    const { suggestions } = await suggest('richmond');
    expect(suggestions[0]?.kind).toBe('locality');
    expect(suggestions.slice(0, 6).map((suggestion) => suggestion.label)).toContain('Richmond VIC 3121');
    for (const suggestion of suggestions) expect(suggestion.label.toLowerCase()).toContain('richmond');
  });

  it('suggests gazetteer localities, also mistyped', async () => {
    const { suggestions } = await suggest('richmnd vic');
    expect(suggestions[0]).toMatchObject({ kind: 'locality', type: 'locality', address: 'Richmond', suburb: 'Richmond', state: 'VIC', postcode: '3121' });
    const byPostcode = await suggest('3000');
    expect(byPostcode.suggestions[0]?.label).toBe('Melbourne VIC 3000');
  });

  it('answers nothing, not an error, for text that matches nothing', async () => {
    expect((await suggest('qqqxxzz')).suggestions).toEqual([]);
  });

  it('honours the limit', async () => {
    expect((await suggest('st kilda', 3)).suggestions).toHaveLength(3);
    expect((await suggest('st kilda')).suggestions).toHaveLength(8);
  });

  it('gives the details of a suggested address, with its latest sale as a listing', async () => {
    const [first] = (await suggest('85 turner st abbotsford')).suggestions;
    const response = await post({ action: 'details', propertyId: first?.id });
    expect(response.statusCode, response.body).toBe(200);
    const { property } = addressDetailsResponseSchema.parse(response.json());
    expect(property).toMatchObject({ id: first?.id, kind: 'address', address: '85 Turner St, Abbotsford VIC 3067', street: '85 Turner St', suburb: 'Abbotsford' });
    expect(property.coordinates?.lat).toBeLessThan(-37);
    expect(property.saleCount).toBeGreaterThan(0);
    expect(property.riskData?.flood).toBeGreaterThanOrEqual(0);
    expect(property.media).toEqual([]);
    const [sale] = await testApp.context.database.query<{ id: number }>(
      `SELECT id FROM sales WHERE address_id = $1 ORDER BY sale_date DESC, id DESC LIMIT 1`,
      [Number(first?.id.slice('address-'.length))],
    );
    expect(property.listingId).toBe(`sale-${sale?.id}`);
    const listing = await testApp.app.inject({ method: 'GET', url: `/api/realty/property/${property.listingId}` });
    expect(listing.statusCode).toBe(200);
    expect(propertyDetailsResponseSchema.parse(listing.json()).property_details.address).toBe('85 Turner St');
  });

  it('finds the street addresses of the NSW Valuer General\'s sales, placed at their locality and saying so', async () => {
    // 21 Comfort Ave, Cessnock: 20210104.zip/001_SALES_DATA_NNME_04012021.DAT, $303,600 on 29 December 2020.
    const { suggestions } = await suggest('21 comfort avenue cessnock');
    expect(suggestions[0]).toMatchObject({ address: '21 Comfort Ave', suburb: 'Cessnock', state: 'NSW', postcode: '2325', kind: 'address', type: 'house', label: '21 Comfort Ave, Cessnock NSW 2325' });
    // A strata unit typed with its unit number (20210222.zip/261_SALES_DATA_NNME_22022021.DAT).
    const unit = await suggest('1/43 station rd auburn');
    expect(unit.suggestions[0]).toMatchObject({ address: '1/43 Station Rd', suburb: 'Auburn', state: 'NSW', type: 'unit' });
    const response = await post({ action: 'details', propertyId: suggestions[0]?.id });
    expect(response.statusCode, response.body).toBe(200);
    const { property } = addressDetailsResponseSchema.parse(response.json());
    expect(property).toMatchObject({ address: '21 Comfort Ave, Cessnock NSW 2325', locationPrecision: 'locality', landSize: 881.66, lastSale: { date: '2020-12-29', priceAud: 303_600 } });
  });

  it('gives the details of a suggested locality', async () => {
    const [first] = (await suggest('richmnd vic')).suggestions;
    const response = await post({ action: 'details', propertyId: first?.id });
    expect(response.statusCode, response.body).toBe(200);
    const { property } = addressDetailsResponseSchema.parse(response.json());
    expect(property).toMatchObject({ kind: 'locality', address: 'Richmond VIC 3121', street: null, listingId: null, locationPrecision: 'locality' });
    const [count] = await testApp.context.database.query<{ total: number }>(`SELECT count(*)::int AS total FROM sales WHERE upper(suburb) = 'RICHMOND' AND postcode = '3121'`);
    expect(property.saleCount).toBe(Number(count?.total));
  });

  it('answers 404 for an id it does not know', async () => {
    const response = await post({ action: 'details', propertyId: 'address-2000000000' });
    expect(response.statusCode).toBe(404);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });

  it('rejects bad input with a 400 naming the field', async () => {
    expectFieldError(await post({ action: 'autocomplete' }), 'body.query');
    expectFieldError(await post({ action: 'autocomplete', query: '   ' }), 'body.query');
    expectFieldError(await post({ action: 'autocomplete', query: 'x'.repeat(201) }), 'body.query');
    expectFieldError(await post({ action: 'autocomplete', query: 'kew', limit: 0 }), 'body.limit');
    expectFieldError(await post({ action: 'details', propertyId: 'sale-12' }), 'body.propertyId');
    expectFieldError(await post({ action: 'details' }), 'body.propertyId');
    const unknownAction = await post({ action: 'geocode', query: 'kew' });
    expect(unknownAction.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unknownAction.json()).error.field).toMatch(/^body/);
  });

  it('reports the index in the realty health', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/realty/health')).json());
    const check = body.checks.find((entry) => entry.name === 'address suggestions');
    expect(check?.status).toBe('ok');
    expect(Number(check?.figures?.addresses)).toBeGreaterThan(5_000);
    expect(Number(check?.figures?.localities)).toBeGreaterThan(15_000);
  });
});
