// Integration tests of `propguard import nsw-vg` (importNswVg) on the bundled weekly zips and the
// real gazetteer, on both databases: a week imported twice stores each sale once, a later week
// extends the market, the latest download of a sale wins whatever the order of the imports, and a
// street address the address book knows places the sale at its point.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@propguard/schemas';
import { ensureDataLoaded, importNswVg, importSales, openDatabase, type Database } from '../src/index.ts';
import { createTempHome, createTestPostgres } from './support/test-databases.ts';

const DATA_DIR = join(import.meta.dirname, '..', '..', '..', 'data');
const WEEK = (name: string) => join(DATA_DIR, 'nsw-valuer-general-sales-2021q1', `${name}.zip`);

const postgres = await createTestPostgres();

interface StoredCounts {
  sales: number;
  keys: number;
  addresses: number;
}

async function countStored(database: Database): Promise<StoredCounts> {
  const [row] = await database.query<StoredCounts>(
    `SELECT count(*)::int AS sales, count(DISTINCT source_key)::int AS keys, (SELECT count(*)::int FROM addresses) AS addresses FROM sales`,
  );
  return row as StoredCounts;
}

describe.each([
  { kind: 'pglite' as const, isAvailable: true },
  { kind: 'postgres' as const, isAvailable: postgres !== null },
])('importNswVg on $kind', ({ kind, isAvailable }) => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;
  let dataDir: string;

  beforeAll(async () => {
    if (!isAvailable) return;
    home = await createTempHome();
    database = await openDatabase(kind === 'postgres' ? { databaseUrl: postgres?.databaseUrl as string, homeDir: home.homeDir } : { homeDir: home.homeDir });
    // The real gazetteer only (the other data sets are reported missing): every NSW locality can be placed.
    dataDir = await mkdtemp(join(tmpdir(), 'propguard-vgdata-'));
    await symlink(join(DATA_DIR, 'au-postcodes-gazetteer'), join(dataDir, 'au-postcodes-gazetteer'));
    await ensureDataLoaded(database, { dataDir });
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await postgres?.drop();
  });

  it.skipIf(!isAvailable)('imports a weekly zip twice and stores each sale once', async () => {
    const first = await importNswVg(database, { files: [WEEK('20210104')] });
    // 738 B records: 705 stored, 4 partial interests, 24 of other natures, 4 prices below $50,000, 1 contract 9 years before settlement.
    expect(first).toMatchObject({
      source: 'import:nsw-vg',
      archives: ['20210104.zip'],
      datFiles: 64,
      bRecords: 738,
      inserted: 705,
      updated: 0,
      resent: 0,
      laterDownloadStored: 0,
      partialInterest: 4,
      otherNature: 24,
      rejectedByReason: { price_below_minimum: 4, invalid_date: 1 },
    });
    const afterFirst = await countStored(database);
    expect(afterFirst).toMatchObject({ sales: first.inserted, keys: first.inserted });
    const ids = await database.query<{ id: number }>('SELECT id FROM sales ORDER BY id');

    const second = await importNswVg(database, { files: [WEEK('20210104')] });
    expect(second).toMatchObject({ bRecords: 738, inserted: 0, updated: first.inserted, laterDownloadStored: 0 });
    expect(await countStored(database)).toEqual(afterFirst);
    // Rewritten in place: the rows keep their ids (listings and reports refer to them).
    expect(await database.query<{ id: number }>('SELECT id FROM sales ORDER BY id')).toEqual(ids);
    const [load] = await database.query<{ rows_read: number; rows_loaded: number }>(`SELECT rows_read, rows_loaded FROM dataset_loads WHERE dataset = 'import:nsw-vg'`);
    expect(load).toEqual({ rows_read: 738, rows_loaded: first.inserted });
  });

  it.skipIf(!isAvailable)('extends the market with a later week; a sale re-sent in it is stored once, in its latest download', async () => {
    const before = await countStored(database);
    const week = await importNswVg(database, { files: [WEEK('20210111')] });
    // 409 off-the-plan lots of 6 and 12 Nancarrow Ave, Ryde are re-sent every week.
    expect(week).toMatchObject({ bRecords: 774, inserted: 326, updated: 409, multiLotDealing: 8 });
    const after = await countStored(database);
    expect(after.sales).toBe(before.sales + week.inserted);
    expect(after.keys).toBe(after.sales);
    const [ryde] = await database.query<{ lots: number; versions: string }>(
      `SELECT count(*)::int AS lots, string_agg(DISTINCT source_version, ',') AS versions FROM sales WHERE source_key LIKE 'nsw-vg:4205410|%'`,
    );
    expect(ryde).toEqual({ lots: 241, versions: '2021-01-11T01:00' });
  });

  it.skipIf(!isAvailable)('keeps the latest download of a sale whatever the order in which the weeks are imported', async () => {
    // Deniliquin vacant land: $7,000 in the week of 25 January (rejected, below the price minimum), $70,000 in that of 1 March.
    const priceOf = async () => (await database.query<{ price_aud: number }>(`SELECT price_aud FROM sales WHERE source_key = 'nsw-vg:4019107|AQ733681|'`)).map((row) => Number(row.price_aud));
    const march = await importNswVg(database, { files: [WEEK('20210301')] });
    expect(march).toMatchObject({ inserted: 2424, updated: 409 });
    expect(await priceOf()).toEqual([70_000]);
    const january = await importNswVg(database, { files: [WEEK('20210125')] });
    expect(january.rejections.map((rejection) => rejection.message)).toContain('price 7000 is below the 50000 AUD minimum');
    expect(january).toMatchObject({ inserted: 4828, updated: 0, laterDownloadStored: 411 });
    expect(await priceOf()).toEqual([70_000]);
    const [ryde] = await database.query<{ versions: string }>(`SELECT string_agg(DISTINCT source_version, ',') AS versions FROM sales WHERE source_key LIKE 'nsw-vg:4205410|%'`);
    expect(ryde?.versions).toBe('2021-03-01T01:01');
    const stored = await countStored(database);
    expect(stored.keys).toBe(stored.sales);
  });

  it.skipIf(!isAvailable)('places a sale at the point of its street address where the address book knows it, else at the locality', async () => {
    const csv = join(home.homeDir, 'geocoded.csv');
    await writeFile(csv, 'address,suburb,state,postcode,lat,lng,property_type,price,date\n21 Comfort Avenue,Cessnock,NSW,2325,-32.8301,151.3587,house,255000,2017-06-01\n');
    await importSales(database, { file: csv, source: 'geocoded' });
    const week = await importNswVg(database, { files: [WEEK('20210104')] });
    expect(week.placedAtAddress).toBe(1);
    expect(week.placedAtLocality).toBe(week.inserted + week.updated - 1);
    const placed = await database.query<{ address: string; location_precision: string; lat: number; lng: number }>(
      `SELECT address, location_precision, lat, lng FROM sales WHERE source_key IS NOT NULL AND suburb = 'Cessnock' AND address IN ('21 Comfort Ave', '19 Sergeant St') ORDER BY address`,
    );
    expect(placed).toEqual([
      { address: '19 Sergeant St', location_precision: 'locality', lat: expect.any(Number), lng: expect.any(Number) },
      { address: '21 Comfort Ave', location_precision: 'address', lat: -32.8301, lng: 151.3587 },
    ]);
  });

  it.skipIf(!isAvailable)('refuses a file that is not one of the Valuer General\'s zips, writing nothing', async () => {
    const before = await countStored(database);
    const notZip = join(home.homeDir, 'sales.zip');
    await writeFile(notZip, 'address,suburb\n');
    await expect(importNswVg(database, { files: [WEEK('20210104'), notZip] })).rejects.toThrow(/sales\.zip is not a zip archive/);
    await expect(importNswVg(database, { files: [] })).rejects.toBeInstanceOf(AppError);
    await mkdir(join(home.homeDir, 'folder.zip'));
    await expect(importNswVg(database, { files: [join(home.homeDir, 'folder.zip')] })).rejects.toThrow(/is not a file/);
    expect(await countStored(database)).toEqual(before);
  });
});
