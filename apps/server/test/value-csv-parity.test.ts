// Issue 13.2: the CLI's `value --csv` and POST /api/valuations answer one question by one code
// path (resolveSubject of packages/db), so the same rows get the same valuations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv, valuationResultSchema } from '@propguard/schemas';
import { loadCsvLookups, parseCsv, valueCsvText } from '../../cli/src/commands/value-csv.ts';
import { requireValuationRuntime } from '../src/services/valuation/require-valuation.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const HEADER = ['address', 'suburb', 'state', 'postcode', 'lat', 'lng', 'property_type', 'bedrooms', 'date'] as const;
type Row = Record<(typeof HEADER)[number], string>;

describe.skipIf(getApiSkipReason() !== null)('value --csv and the API value the same rows alike', () => {
  let testApp: TestApp;
  const rows: Row[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    const database = testApp.context.database;
    // Real addresses of Melbourne and Perth, typed as a user would ("12 Smith St, Suburb STATE 3000"); Sydney's records have suburbs only.
    const sales = await database.query<{ address: string; suburb: string; state: string; postcode: string; property_type: string }>(
      `(SELECT address, suburb, state, postcode, property_type FROM sales WHERE source = 'melbourne-housing-sales' AND address IS NOT NULL ORDER BY id LIMIT 3)
       UNION ALL
       (SELECT address, suburb, state, postcode, property_type FROM sales WHERE source = 'perth-house-sales' AND address IS NOT NULL ORDER BY id LIMIT 3)`,
    );
    expect(sales.length).toBe(6);
    const empty: Row = { address: '', suburb: '', state: '', postcode: '', lat: '', lng: '', property_type: '', bedrooms: '', date: '' };
    for (const sale of sales) rows.push({ ...empty, address: `${sale.address}, ${sale.suburb} ${sale.state} ${sale.postcode}` });
    const [sydney] = await database.query<{ suburb: string; state: string; postcode: string }>(`SELECT suburb, state, postcode FROM sales WHERE source = 'sydney-house-sales' ORDER BY id LIMIT 1`);
    if (!sydney) throw new Error('no Sydney sales loaded');
    rows.push(
      { ...empty, address: `${sales[0]!.address}, ${sales[0]!.suburb} ${sales[0]!.state} ${sales[0]!.postcode}`, bedrooms: '4', date: '2017-06-30' },
      { ...empty, address: '9999 Nowhere Lane, Abbotsford VIC 3067' },
      { ...empty, address: 'Richmond' },
      { ...empty, suburb: sydney.suburb, state: sydney.state, postcode: sydney.postcode, property_type: 'duplex/semi-detached' },
      { ...empty, suburb: sydney.suburb, state: sydney.state, postcode: sydney.postcode, property_type: 'terrace', bedrooms: '3' },
      { ...empty, suburb: sydney.suburb, state: sydney.state, postcode: sydney.postcode, property_type: 'castle' },
      { ...empty, lat: '-37.8136', lng: '144.9631', property_type: 'apartment', bedrooms: '2' },
    );
  });
  afterAll(async () => {
    await testApp?.close();
  });

  function requestBody(row: Row) {
    const number = (text: string) => (text === '' ? undefined : Number(text));
    const attributes = { propertyType: row.property_type || undefined, bedrooms: number(row.bedrooms) };
    return {
      address: row.address || undefined,
      suburb: row.suburb || undefined,
      state: row.state || undefined,
      postcode: row.postcode || undefined,
      lat: number(row.lat),
      lng: number(row.lng),
      asAt: row.date || undefined,
      attributes,
    };
  }

  it('gives each row the API\'s estimate, range, confidence, date and assumptions', async () => {
    const runtime = requireValuationRuntime(testApp.context);
    const database = testApp.context.database;
    const csv = toCsv([[...HEADER], ...rows.map((row) => HEADER.map((column) => row[column]))]);
    const lookups = await loadCsvLookups(database, runtime.model, runtime.index);
    const { output, failed } = await valueCsvText(csv, { database, model: runtime.model, index: runtime.index, lookups });
    expect(failed, output).toBe(0);
    const table = parseCsv(output);
    const header = table[0]!;
    const column = (cells: string[], name: string) => cells[header.indexOf(name)]!;
    for (const [position, row] of rows.entries()) {
      const cells = table[position + 1]!;
      const response = await testApp.app.inject({ method: 'POST', url: '/api/valuations', payload: requestBody(row) });
      expect(response.statusCode, `${JSON.stringify(row)}: ${response.body}`).toBe(200);
      const valuation = valuationResultSchema.parse((response.json() as { valuation: unknown }).valuation);
      const label = `row ${position + 1} ${JSON.stringify(row)}`;
      expect({ estimate: Number(column(cells, 'estimate')), low: Number(column(cells, 'low')), high: Number(column(cells, 'high')), confidence: Number(column(cells, 'confidence')), fsdPct: Number(column(cells, 'fsd_pct')), asAt: column(cells, 'as_at') }, label)
        .toEqual({ estimate: valuation.estimate, low: valuation.low, high: valuation.high, confidence: valuation.confidence, fsdPct: valuation.fsdPct, asAt: valuation.asAt });
      expect(column(cells, 'note'), label).toBe(valuation.assumed.join('; '));
    }
    // The Sydney type names that `value --csv` used to refuse are read, and an unknown one is valued as the locality's typical type.
    expect(column(table[10]!, 'note')).toContain('propertyType: house (read from "duplex/semi-detached")');
    expect(column(table[12]!, 'note')).toContain('"castle" is not a property type we know');
  });
});
