/**
 * Writing sales inside the caller's transaction: replace one source's rows in ~1000-row
 * multi-VALUES INSERTs (a few seconds per 100k rows on PGlite), then bring `addresses` up to date.
 */
import { sql } from 'drizzle-orm';
import type { DrizzleDatabase } from '../open-database.ts';
import { buildAddressKey } from './place-sale.ts';
import type { SaleRecord } from './sale-record.ts';

/** About 1000 rows per INSERT keeps each statement well under PostgreSQL's 65,535 parameters (28 columns). */
export const INSERT_BATCH_ROWS = 1000;

/** Deletes every sale of `source`, remembering which addresses they belonged to. */
export async function deleteSalesOfSource(tx: DrizzleDatabase, source: string): Promise<number> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS touched_addresses (id integer) ON COMMIT DROP`);
  await tx.execute(sql`INSERT INTO touched_addresses SELECT DISTINCT address_id FROM sales WHERE source = ${source} AND address_id IS NOT NULL`);
  const result = await tx.execute(sql`WITH deleted AS (DELETE FROM sales WHERE source = ${source} RETURNING 1) SELECT count(*)::int AS count FROM deleted`);
  // Both drivers answer with { rows }; drizzle types the generic executor's result as unknown.
  return Number((result as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0);
}

/** The `sales` columns an insert writes, with their SQL types (ids and foreign keys besides locality_id are set later). */
const INSERT_COLUMNS: ReadonlyArray<readonly [column: string, type: string, read: (record: SaleRecord) => unknown]> = [
  ['source', 'text', (r) => r.source],
  ['source_row', 'integer', (r) => r.sourceRow],
  ['address', 'text', (r) => r.address],
  ['address_key', 'text', (r) => buildAddressKey(r)],
  ['suburb', 'text', (r) => r.suburb],
  ['state', 'text', (r) => r.state],
  ['postcode', 'text', (r) => r.postcode],
  ['lat', 'double precision', (r) => r.lat],
  ['lng', 'double precision', (r) => r.lng],
  ['location_precision', 'text', (r) => r.locationPrecision],
  ['property_type', 'text', (r) => r.propertyType],
  ['property_type_raw', 'text', (r) => r.propertyTypeRaw],
  ['bedrooms', 'integer', (r) => r.bedrooms],
  ['bathrooms', 'integer', (r) => r.bathrooms],
  ['car_spaces', 'integer', (r) => r.carSpaces],
  ['land_size_m2', 'double precision', (r) => r.landSizeM2],
  ['building_size_m2', 'double precision', (r) => r.buildingSizeM2],
  ['year_built', 'integer', (r) => r.yearBuilt],
  ['price_aud', 'bigint', (r) => r.priceAud],
  ['sale_date', 'date', (r) => r.saleDate],
  ['date_precision', 'text', (r) => r.datePrecision],
  ['sale_method', 'text', (r) => r.saleMethod],
  ['sale_method_raw', 'text', (r) => r.saleMethodRaw],
  ['is_market_sale', 'boolean', (r) => r.isMarketSale],
  ['agency', 'text', (r) => r.agency],
  ['locality_id', 'integer', (r) => r.localityId],
];
const COLUMN_LIST = INSERT_COLUMNS.map(([column]) => column).join(', ');
const RECORD_TYPES = INSERT_COLUMNS.map(([column, type]) => `${column} ${type}`).join(', ');

/**
 * Each batch travels as ONE JSON parameter expanded by json_to_recordset: building a 28 000-
 * parameter statement per batch cost more time on the client than the insert on the server.
 */
export async function insertSales(tx: DrizzleDatabase, records: readonly SaleRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += INSERT_BATCH_ROWS) {
    const batch = records.slice(start, start + INSERT_BATCH_ROWS).map((record) =>
      Object.fromEntries(INSERT_COLUMNS.map(([column, , read]) => [column, read(record)])),
    );
    await tx.execute(sql`INSERT INTO sales (${sql.raw(COLUMN_LIST)})
      SELECT ${sql.raw(COLUMN_LIST)} FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(${sql.raw(RECORD_TYPES)})`);
  }
}

/**
 * After a source's sales changed: creates the addresses first seen, links the sales to them,
 * recomputes count/latest attributes/last price of every address touched (old or new), and
 * removes addresses left with no sale. Must run in the transaction that called deleteSalesOfSource.
 */
export async function refreshAddresses(tx: DrizzleDatabase, source: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO addresses (address_key, address, suburb, state, postcode, search_text)
    SELECT DISTINCT ON (address_key) address_key, address, suburb, state, postcode,
      upper(concat_ws(' ', address, suburb, state, postcode))
    FROM sales WHERE source = ${source} AND address_key IS NOT NULL
    ORDER BY address_key, sale_date DESC, id DESC
    ON CONFLICT (address_key) DO NOTHING`);
  await tx.execute(sql`
    UPDATE sales SET address_id = addresses.id FROM addresses
    WHERE sales.source = ${source} AND sales.address_key = addresses.address_key`);
  await tx.execute(sql`INSERT INTO touched_addresses SELECT DISTINCT address_id FROM sales WHERE source = ${source} AND address_id IS NOT NULL`);
  await tx.execute(sql`
    WITH touched AS (SELECT DISTINCT id FROM touched_addresses),
    latest AS (
      SELECT DISTINCT ON (s.address_id) s.address_id, s.address, s.suburb, s.state, s.postcode, s.lat, s.lng,
        s.location_precision, s.property_type, s.bedrooms, s.bathrooms, s.car_spaces, s.land_size_m2,
        s.building_size_m2, s.year_built, s.sale_date
      FROM sales s JOIN touched t ON t.id = s.address_id
      ORDER BY s.address_id, s.sale_date DESC, s.id DESC
    ),
    counts AS (
      SELECT s.address_id, count(*)::int AS sale_count FROM sales s JOIN touched t ON t.id = s.address_id GROUP BY s.address_id
    ),
    priced AS (
      SELECT DISTINCT ON (s.address_id) s.address_id, s.price_aud
      FROM sales s JOIN touched t ON t.id = s.address_id
      WHERE s.is_market_sale
      ORDER BY s.address_id, s.sale_date DESC, s.id DESC
    )
    UPDATE addresses a SET
      address = l.address, suburb = l.suburb, state = l.state, postcode = l.postcode, lat = l.lat, lng = l.lng,
      location_precision = l.location_precision, property_type = l.property_type, bedrooms = l.bedrooms,
      bathrooms = l.bathrooms, car_spaces = l.car_spaces, land_size_m2 = l.land_size_m2,
      building_size_m2 = l.building_size_m2, year_built = l.year_built, sale_count = c.sale_count,
      last_sale_date = l.sale_date, last_price_aud = p.price_aud,
      search_text = upper(concat_ws(' ', l.address, l.suburb, l.state, l.postcode))
    FROM latest l JOIN counts c ON c.address_id = l.address_id LEFT JOIN priced p ON p.address_id = l.address_id
    WHERE a.id = l.address_id`);
  await tx.execute(sql`
    DELETE FROM addresses a
    WHERE a.id IN (SELECT id FROM touched_addresses)
      AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.address_id = a.id)`);
}
