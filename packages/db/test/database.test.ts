// Integration tests: migrations, the idempotent ingest of the fixture data and getDataSummary,
// on PGlite and on the PostgreSQL server (see support/test-databases.ts for isolation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSummarySchema } from '@propguard/schemas';
import { buildDeferredSchema, ensureDataLoaded, getDataSummary, listSales, openDatabase, parseCopyText, type Database, type DatabaseKind } from '../src/index.ts';
import { deferSchema } from '../src/ingest/deferred-schema.ts';
import { createTempHome, createTestPostgres, FIXTURE_DATA_DIR } from './support/test-databases.ts';

const postgres = await createTestPostgres();

async function openFor(kind: DatabaseKind, homeDir: string): Promise<Database> {
  return openDatabase(kind === 'postgres' ? { databaseUrl: postgres?.databaseUrl as string, homeDir } : { homeDir });
}

describe.each([
  { kind: 'pglite' as const, isAvailable: true },
  { kind: 'postgres' as const, isAvailable: postgres !== null },
])('database on $kind', ({ kind, isAvailable }) => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;

  beforeAll(async () => {
    if (!isAvailable) return;
    home = await createTempHome();
    database = await openFor(kind, home.homeDir);
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
    if (kind === 'postgres') await postgres?.drop();
  });

  it.skipIf(!isAvailable)('runs migrations again on reopen without error, with pg_trgm enabled', async () => {
    await database.close();
    database = await openFor(kind, home.homeDir);
    const [extension] = await database.query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(extension?.extname).toBe('pg_trgm');
    expect(await database.ping()).toBeGreaterThanOrEqual(0);
  });

  it.skipIf(!isAvailable)('loads the fixture data sets, then a second call is a no-op', async () => {
    const events: string[] = [];
    const schemaBefore = await deferrableSchema(database);
    // The hook `npm start` starts the sales index's thread in: after every data set, before the indexes.
    let beforeIndexes: { sales: number; deferred: number } | null = null;
    const first = await ensureDataLoaded(database, {
      dataDir: FIXTURE_DATA_DIR,
      onProgress: (event) => events.push(event.dataset === 'indexes' ? event.message : event.phase),
      beforeIndexes: async () => {
        const [state] = await database.query<{ sales: number; deferred: number }>(`SELECT (SELECT count(*)::int FROM sales) AS sales, (SELECT count(*)::int FROM deferred_schema) AS deferred`);
        beforeIndexes = state!;
      },
    });
    expect(beforeIndexes).toEqual({ sales: 23, deferred: schemaBefore.indexes.length + schemaBefore.foreignKeys.length });
    const byDataset = Object.fromEntries(first.datasets.map((dataset) => [dataset.dataset, dataset]));
    expect(first.datasets.every((dataset) => dataset.status === 'loaded')).toBe(true);
    expect(events).toContain('done');
    // 9 Melbourne rows, one an exact duplicate of another.
    expect(byDataset['melbourne-housing-sales']).toMatchObject({ rowsRead: 9, rowsLoaded: 8, rejectedByReason: { duplicate_row: 1 } });
    // 6 Perth rows: one sold years before the house was built; GARAGE 0 and 999,999 m² set to null.
    expect(byDataset['perth-house-sales']).toMatchObject({ rowsRead: 6, rowsLoaded: 5, rejectedByReason: { year_built_after_sale: 1 } });
    expect(byDataset['perth-house-sales']?.adjustedByRule).toMatchObject({ perth_garage_zero_unknown: 1, land_size_above_100000_m2: 1 });
    // 9 Sydney rows: the int32 sentinel, a $700 price and a duplicate (differing only in Id).
    expect(byDataset['sydney-house-sales']).toMatchObject({
      rowsRead: 9,
      rowsLoaded: 6,
      rejectedByReason: { price_sentinel: 1, price_below_minimum: 1, duplicate_row: 1 },
    });
    // Two weeks of the NSW Valuer General's files (fixtures/data/nsw-valuer-general-sales-2021q1/SOURCE.md).
    expect(byDataset['nsw-valuer-general-sales-2021q1']).toMatchObject({
      rowsRead: 9,
      rowsLoaded: 4,
      rejectedByReason: { resent_duplicate: 1, partial_interest: 1, other_nature: 1, price_below_minimum: 1, locality_not_found: 1 },
    });
    expect(byDataset['abs-suburbs-localities-2021']).toMatchObject({ rowsRead: 9, rowsLoaded: 9 });
    expect(byDataset['au-postcodes-gazetteer']?.rejectedByReason).toMatchObject({ duplicate_row: 1 });

    const [oxenford] = await database.query<{ state: string; location_precision: string; locality_id: number | null }>(
      `SELECT state, location_precision, locality_id FROM sales WHERE suburb = 'Oxenford'`,
    );
    expect(oxenford).toMatchObject({ state: 'QLD', location_precision: 'locality' });
    expect(oxenford?.locality_id).not.toBeNull();

    const [blacktown] = await database.query<{ address: string; property_type: string; location_precision: string; source_key: string }>(
      `SELECT address, property_type, location_precision, source_key FROM sales WHERE address = '46/25 Mantaka St'`,
    );
    expect(blacktown).toMatchObject({ property_type: 'unit', location_precision: 'locality', source_key: 'nsw-vg:2203406|AQ698732|46' });

    // A first load: the sales' and addresses' secondary indexes and foreign keys were dropped, then made once at the end.
    expect(events.some((event) => event.startsWith(`built ${schemaBefore.indexes.length} indexes and checked ${schemaBefore.foreignKeys.length} foreign keys of the sales and addresses in `))).toBe(true);
    expect(await deferrableSchema(database)).toEqual(schemaBefore);
    expect(await database.query('SELECT name FROM deferred_schema')).toEqual([]);

    let calledAgain = false;
    const second = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR, beforeIndexes: async () => void (calledAgain = true) });
    expect(calledAgain).toBe(false);
    expect(second.datasets.map((dataset) => dataset.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
    const [counts] = await database.query<{ sales: number }>(`SELECT count(*)::int AS sales FROM sales`);
    expect(counts?.sales).toBe(23);
  });

  it.skipIf(!isAvailable)('makes at the next load the indexes and foreign keys a crash left deferred', async () => {
    const schema = await deferrableSchema(database);
    expect(schema.indexes.length).toBeGreaterThanOrEqual(14);
    expect(schema.foreignKeys).toEqual(['sales_address_id_addresses_id_fk', 'sales_locality_id_localities_id_fk']);
    // What a crash between a first load's drop and its end leaves: the indexes and keys gone, their definitions recorded.
    expect(await deferSchema(database)).toBe(schema.indexes.length + schema.foreignKeys.length);
    expect(await deferrableSchema(database)).toEqual({ indexes: [], foreignKeys: [] });
    const report = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
    expect(report.datasets.every((dataset) => dataset.status === 'unchanged')).toBe(true);
    expect(await deferrableSchema(database)).toEqual(schema);
    expect(await database.query('SELECT name FROM deferred_schema')).toEqual([]);
    // The foreign keys hold again: a sale pointing at no locality is refused.
    await expect(database.query('UPDATE sales SET locality_id = -1 WHERE id = (SELECT min(id) FROM sales)')).rejects.toThrow(/foreign key/);
  });

  it.skipIf(!isAvailable)('npm start\'s load: indexes left to buildDeferredSchema and to the after-ready call, which also loads the data sets no request reads', async () => {
    const schema = await deferrableSchema(database);
    const total = schema.indexes.length + schema.foreignKeys.length;
    // A first start: the tables empty, nothing recorded as loaded.
    await database.query('DELETE FROM dataset_loads');
    await database.query('DELETE FROM sales');
    await database.query('DELETE FROM suburbs');
    const events: string[] = [];
    const before = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR, deferIndexes: true, datasets: 'before-ready', onProgress: (event) => events.push(`${event.dataset} ${event.phase}`) });
    expect(before.datasets.map((dataset) => dataset.dataset)).not.toContain('abs-suburbs-localities-2021');
    expect(before.datasets.every((dataset) => dataset.status === 'loaded')).toBe(true);
    expect(events).toContain('abs-suburbs-localities-2021 later');
    expect(before).toMatchObject({ deferredSchema: total, statisticsRefreshed: false });
    expect(await deferrableSchema(database)).toEqual({ indexes: [], foreignKeys: [] });
    // While the sales index's thread works: stopped after three, those three are made and the rest stay recorded.
    let asked = 0;
    const some = await buildDeferredSchema(database, { stop: () => (asked += 1) > 3 });
    expect(some).toMatchObject({ indexes: 3, foreignKeys: 0, remaining: total - 3 });
    expect(some.message).toMatch(/^indexes: 3 indexes and 0 foreign keys of the sales and addresses built in [\d.]+ s; the other \d+, and the planner statistics, once the server is ready$/);
    expect((await database.query('SELECT name FROM deferred_schema')).length).toBe(total - 3);
    // Once ready: the rest of the indexes and keys, the suburbs, the statistics.
    const after = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR, datasets: 'after-ready' });
    expect(after.datasets.map((dataset) => [dataset.dataset, dataset.status])).toEqual([['abs-suburbs-localities-2021', 'loaded']]);
    expect(after).toMatchObject({ leftOverSchema: { indexes: schema.indexes.length - 3, foreignKeys: schema.foreignKeys.length }, deferredSchema: 0, statisticsRefreshed: true });
    expect(await deferrableSchema(database)).toEqual(schema);
    expect(await database.query('SELECT name FROM deferred_schema')).toEqual([]);
    const [counts] = await database.query<{ sales: number; suburbs: number }>('SELECT (SELECT count(*)::int FROM sales) AS sales, (SELECT count(*)::int FROM suburbs) AS suburbs');
    expect(counts).toEqual({ sales: 23, suburbs: 9 });
    // Written in bulk, each polygon is a JSON object (not a JSON string) on either database.
    const [objects] = await database.query<{ count: number }>(`SELECT count(*)::int AS count FROM suburbs WHERE jsonb_typeof(geometry) = 'object' AND geometry->>'type' IN ('Polygon', 'MultiPolygon')`);
    expect(objects?.count).toBe(9);
    // Without deferIndexes a first load makes them all before it returns, as before; nothing is left for later.
    await database.query('DELETE FROM dataset_loads');
    await database.query('DELETE FROM sales');
    const all = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
    expect(all).toMatchObject({ deferredSchema: 0, statisticsRefreshed: true });
    expect(all.datasets).toHaveLength(6);
    expect(await deferrableSchema(database)).toEqual(schema);
  });

  it.skipIf(!isAvailable)('reads in bulk the same values as a query, in their text form', async () => {
    const select = `SELECT id, lat, price_aud, is_market_sale, to_char(sale_date, 'YYYY-MM-DD') AS sale_date, bedrooms, address FROM sales ORDER BY id`;
    const asText = (value: unknown) => (value === null ? null : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value));
    const expected = (await database.query<Record<string, unknown>>(select)).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, asText(value)])));
    expect(expected.length).toBe(23);
    expect(expected.some((row) => row.bedrooms === null)).toBe(true);
    expect(await database.queryText(select)).toEqual(expected);
    // Tabs, line breaks and backslashes inside values come back as they are; NULL as null.
    expect(await database.queryText(String.raw`SELECT E'tab\there' AS a, E'line\nbreak\\slash' AS b, NULL::text AS c, '\N' AS d`)).toEqual([
      { a: 'tab\there', b: 'line\nbreak\\slash', c: null, d: '\\N' },
    ]);
  });

  it.skipIf(!isAvailable)('summarises the data in the shared DataSummary shape', async () => {
    const summary = dataSummarySchema.parse(await getDataSummary(database));
    expect(summary.sales.total).toBe(23);
    expect(summary.sales.bySource).toEqual({ 'melbourne-housing-sales': 8, 'perth-house-sales': 5, 'sydney-house-sales': 6, 'nsw-valuer-general-sales-2021q1': 4 });
    expect(summary.sales.byState).toMatchObject({ VIC: 8, WA: 5, QLD: 1, NSW: 9 });
    expect(summary.addresses).toBe(17);
    expect(summary.suburbs).toBe(9);
    expect(summary.datasets).toHaveLength(6);
    expect(summary.sales.firstSaleDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.skipIf(!isAvailable)('lists sales newest first with filters', async () => {
    const page = await listSales(database, { state: 'WA', limit: 2, offset: 0 });
    expect(page.total).toBe(5);
    expect(page.sales).toHaveLength(2);
    expect((page.sales[0]?.saleDate ?? '') >= (page.sales[1]?.saleDate ?? '')).toBe(true);
  });
});

/** The non-unique indexes and the foreign keys of the sales and the addresses, by name. */
async function deferrableSchema(database: Database): Promise<{ indexes: string[]; foreignKeys: string[] }> {
  const indexes = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND t.relname IN ('sales', 'addresses') AND NOT x.indisunique ORDER BY 1`,
  );
  const foreignKeys = await database.query<{ name: string }>(
    `SELECT conname AS name FROM pg_constraint WHERE conrelid IN ('sales'::regclass, 'addresses'::regclass) AND contype = 'f' ORDER BY 1`,
  );
  return { indexes: indexes.map((row) => row.name), foreignKeys: foreignKeys.map((row) => row.name) };
}

describe('parseCopyText', () => {
  it('reads COPY text lines: tabs between values, \\N for null, backslash escapes inside', () => {
    const text = ['1\tSmith St\t\\N', '2\ta\\tb\\\\c\\nd\t', ''].join('\n');
    expect(parseCopyText(text, ['id', 'address', 'note'])).toEqual([
      { id: '1', address: 'Smith St', note: null },
      { id: '2', address: 'a\tb\\c\nd', note: '' },
    ]);
    expect(parseCopyText('', ['id'])).toEqual([]);
  });
});
