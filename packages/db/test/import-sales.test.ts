// Integration tests of importSales: good rows load, bad rows are skipped with reasons, a
// structurally bad file loads nothing, and importing a source again replaces it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@propguard/schemas';
import { ensureDataLoaded, importSales, openDatabase, type Database } from '../src/index.ts';
import { createTempHome, createTestPostgres, FIXTURE_DATA_DIR } from './support/test-databases.ts';

const postgres = await createTestPostgres();

const GOOD_CSV = `address,suburb,state,postcode,lat,lng,property_type,bedrooms,bathrooms,car_spaces,land_size,building_size,year_built,price,date,sale_method
85 Turner St,Abbotsford,VIC,3067,-37.7996,144.9984,house,2,1,1,202,,,1480000,2016-12-03,sold
1 Acorn Place,South Lake,WA,6164,,,house,4,2,2,600,160,2003,565000,2018-09-01,sold
,Avalon Beach,NSW,2107,,,townhouse,3,2,1,,,,1200000,2019-04-13,
`;

const CSV_WITH_BAD_ROWS = `suburb,postcode,price,date,bedrooms,property_type
Abbotsford,3067,1480000,2016-12-03,2,house
Abbotsford,3067,abc,2016-12-03,2,house
Abbotsford,3067,900000,31/02/2017,2,house
Abbotsford,3067,900000,2017-03-01,2,castle
Nowhere Creek,3067,900000,2017-03-01,2,house
South Lake,6164,565000,2018-09-01,4,house
`;

async function countSales(database: Database, source: string): Promise<number> {
  const [row] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM sales WHERE source = $1', [source]);
  return row?.count ?? 0;
}

describe.each([
  { kind: 'pglite' as const, isAvailable: true },
  { kind: 'postgres' as const, isAvailable: postgres !== null },
])('importSales on $kind', ({ kind, isAvailable }) => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;
  const file = (name: string) => join(home.homeDir, name);

  beforeAll(async () => {
    if (!isAvailable) return;
    home = await createTempHome();
    database = await openDatabase(kind === 'postgres' ? { databaseUrl: postgres?.databaseUrl as string, homeDir: home.homeDir } : { homeDir: home.homeDir });
    // The gazetteer places rows without coordinates.
    await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
    if (kind === 'postgres') await postgres?.drop();
  });

  it.skipIf(!isAvailable)('loads a good file and places rows without coordinates at their locality', async () => {
    await writeFile(file('good.csv'), GOOD_CSV);
    const report = await importSales(database, { file: file('good.csv') });
    expect(report).toMatchObject({ source: 'import:good', rowsRead: 3, rowsLoaded: 3, rowsRejected: 0, rowsReplaced: 0 });
    const rows = await database.query<{ suburb: string; location_precision: string; is_market_sale: boolean }>(
      `SELECT suburb, location_precision, is_market_sale FROM sales WHERE source = 'import:good' ORDER BY source_row`,
    );
    expect(rows.map((row) => row.location_precision)).toEqual(['address', 'locality', 'locality']);
    expect(rows.every((row) => row.is_market_sale)).toBe(true);
  });

  it.skipIf(!isAvailable)('replaces the previous import of the same source', async () => {
    const report = await importSales(database, { file: file('good.csv'), source: 'good' });
    expect(report).toMatchObject({ rowsLoaded: 3, rowsReplaced: 3 });
    expect(await countSales(database, 'import:good')).toBe(3);
  });

  it.skipIf(!isAvailable)('skips bad rows with a reason naming the row, field and value', async () => {
    await writeFile(file('mixed.csv'), CSV_WITH_BAD_ROWS);
    const report = await importSales(database, { file: file('mixed.csv') });
    expect(report).toMatchObject({ rowsRead: 6, rowsLoaded: 2, rowsRejected: 4 });
    expect(report.rejectedByReason).toEqual({ not_a_number: 1, invalid_date: 1, invalid_value: 1, locality_not_found: 1 });
    expect(report.rejections.map((rejection) => rejection.message)).toEqual([
      'row 3: price "abc" is not a number',
      'row 4: date "31/02/2017" is not a valid calendar date',
      'row 5: property_type "castle" is not a property type we know (house, semi-detached, duplex, terrace, townhouse, villa, unit, apartment, flat, studio, land, acreage, rural, warehouse, other)',
      'row 6: suburb "Nowhere Creek" with postcode 3067 is not in the gazetteer and the row has no coordinates',
    ]);
  });

  it.skipIf(!isAvailable)('maps the file\'s own column names', async () => {
    await writeFile(file('agency.csv'), 'Locality,Post Code,Sold Price,Sold On\nAbbotsford,3067,"1,480,000",3/12/2016\n');
    const report = await importSales(database, {
      file: file('agency.csv'),
      mapping: { suburb: 'Locality', postcode: 'Post Code', price: 'Sold Price', date: 'Sold On' },
    });
    expect(report).toMatchObject({ rowsLoaded: 1, rowsRejected: 0 });
    const [row] = await database.query<{ price_aud: string; sale_date: string }>(
      `SELECT price_aud::text AS price_aud, to_char(sale_date, 'YYYY-MM-DD') AS sale_date FROM sales WHERE source = 'import:agency'`,
    );
    expect(row).toEqual({ price_aud: '1480000', sale_date: '2016-12-03' });
  });

  it.skipIf(!isAvailable)('loads nothing from a structurally bad file and keeps the previous import', async () => {
    const cases: Array<[name: string, content: string | Buffer, message: RegExp]> = [
      ['good.csv', 'suburb,postcode,date\nAbbotsford,3067,2016-12-03\n', /missing required column\(s\): price/],
      ['good.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), /not a CSV text file/],
      ['good.csv', 'suburb,postcode,price,date\n"Abbotsford,3067,1480000,2016-12-03\n', /not a valid CSV file/],
      ['good.csv', 'suburb,postcode,price,date\nAbbotsford,3067,1480000\n', /not a valid CSV file/],
    ];
    for (const [name, content, message] of cases) {
      await writeFile(file(name), content);
      const attempt = importSales(database, { file: file(name) });
      await expect(attempt).rejects.toThrow(message);
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      expect(await countSales(database, 'import:good')).toBe(3);
    }
    await expect(importSales(database, { file: file('missing.csv') })).rejects.toThrow(/cannot read/);
    await expect(importSales(database, { file: file('mixed.csv'), mapping: { price: 'Cost' } })).rejects.toThrow(/not in the file's header/);
    expect(await countSales(database, 'import:missing')).toBe(0);
  });
});
