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
  ['source_key', 'text', (r) => r.sourceKey ?? null],
  ['source_version', 'text', (r) => r.sourceVersion ?? null],
];
const COLUMN_LIST = INSERT_COLUMNS.map(([column]) => column).join(', ');
const RECORD_TYPES = INSERT_COLUMNS.map(([column, type]) => `${column} ${type}`).join(', ');
/** Every written column but the key itself, from the version being written. */
const UPSERT_ASSIGNMENTS = INSERT_COLUMNS.filter(([column]) => column !== 'source_key')
  .map(([column]) => `${column} = excluded.${column}`)
  .join(', ');

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

/** What upsertKeyedSales did with a batch of sales. */
export interface KeyedWriteCounts {
  /** Sales whose key was not stored yet. */
  inserted: number;
  /** Stored sales overwritten by the same or a later version (their row id is kept). */
  updated: number;
  /** Sales not written because a later version of them is stored. */
  keptLater: number;
  /** Sales written (inserted or updated) by their location_precision. */
  writtenByPrecision: Record<string, number>;
}

/**
 * Sales whose source re-sends corrected versions (each record has sourceKey and sourceVersion): a
 * new key is inserted; a stored key, whichever source wrote it, is overwritten by the same or a
 * later version and kept against an earlier one. The records must have distinct keys. The
 * addresses of overwritten rows are remembered: call refreshAddresses(tx, source) afterwards in
 * the same transaction.
 */
export async function upsertKeyedSales(tx: DrizzleDatabase, records: readonly SaleRecord[]): Promise<KeyedWriteCounts> {
  const counts: KeyedWriteCounts = { inserted: 0, updated: 0, keptLater: 0, writtenByPrecision: {} };
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS touched_addresses (id integer) ON COMMIT DROP`);
  for (let start = 0; start < records.length; start += INSERT_BATCH_ROWS) {
    const slice = records.slice(start, start + INSERT_BATCH_ROWS);
    const keys = JSON.stringify(slice.map((record) => record.sourceKey));
    await tx.execute(sql`INSERT INTO touched_addresses
      SELECT address_id FROM sales WHERE address_id IS NOT NULL AND source_key IN (SELECT json_array_elements_text(${keys}::json))`);
    const batch = JSON.stringify(slice.map((record) => Object.fromEntries(INSERT_COLUMNS.map(([column, , read]) => [column, read(record)]))));
    // The batch's new addresses first, so that each sale is written linked to its address: linking
    // afterwards (refreshAddresses) rewrites every row once more, a third of a 30,000-sale load.
    await tx.execute(sql`INSERT INTO addresses (address_key, address, suburb, state, postcode, search_text)
      SELECT DISTINCT ON (address_key) address_key, address, suburb, state, postcode, upper(concat_ws(' ', address, suburb, state, postcode))
        FROM json_to_recordset(${batch}::json) AS r(${sql.raw(RECORD_TYPES)})
       WHERE address_key IS NOT NULL
       ORDER BY address_key, sale_date DESC
      ON CONFLICT (address_key) DO NOTHING`);
    const result = await tx.execute(sql`INSERT INTO sales (${sql.raw(COLUMN_LIST)}, address_id)
      SELECT ${sql.raw(COLUMN_LIST.split(', ').map((column) => `r.${column}`).join(', '))}, a.id
        FROM json_to_recordset(${batch}::json) AS r(${sql.raw(RECORD_TYPES)}) LEFT JOIN addresses a ON a.address_key = r.address_key
      ON CONFLICT (source_key) DO UPDATE SET ${sql.raw(UPSERT_ASSIGNMENTS)}, address_id = excluded.address_id
      WHERE sales.source_version <= excluded.source_version
      RETURNING (xmax = 0) AS inserted, location_precision`);
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it overwrote.
    const rows = (result as { rows: Array<{ inserted: boolean; location_precision: string | null }> }).rows;
    for (const row of rows) {
      const precision = row.location_precision ?? 'none';
      counts.writtenByPrecision[precision] = (counts.writtenByPrecision[precision] ?? 0) + 1;
    }
    const inserted = rows.filter((row) => row.inserted === true || String(row.inserted) === 't' || String(row.inserted) === 'true').length;
    counts.inserted += inserted;
    counts.updated += rows.length - inserted;
    counts.keptLater += slice.length - rows.length;
  }
  return counts;
}

/**
 * Removes stored versions of keyed sales whose later (or same) version was not written, because
 * it was left out or rejected: the latest version of a sale decides whether it is stored at all.
 * Returns the number of sales removed; call refreshAddresses afterwards in the same transaction.
 */
export async function deleteSupersededKeyedSales(tx: DrizzleDatabase, versions: ReadonlyArray<{ key: string; version: string }>): Promise<number> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS touched_addresses (id integer) ON COMMIT DROP`);
  let removed = 0;
  for (let start = 0; start < versions.length; start += INSERT_BATCH_ROWS) {
    const batch = JSON.stringify(versions.slice(start, start + INSERT_BATCH_ROWS));
    const result = await tx.execute(sql`
      WITH superseded AS (SELECT key, version FROM json_to_recordset(${batch}::json) AS v(key text, version text)),
      deleted AS (
        DELETE FROM sales s USING superseded v WHERE s.source_key = v.key AND s.source_version <= v.version
        RETURNING s.address_id
      ),
      touched AS (INSERT INTO touched_addresses SELECT address_id FROM deleted WHERE address_id IS NOT NULL)
      SELECT count(*)::int AS count FROM deleted`);
    removed += Number((result as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0);
  }
  return removed;
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
    WHERE sales.source = ${source} AND sales.address_key = addresses.address_key AND sales.address_id IS DISTINCT FROM addresses.id`);
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
