/**
 * Writing sales inside the caller's transaction: each batch is staged in a temporary table in bulk
 * (bulk-copy.ts), its new addresses written, then the sales inserted from the stage linked to their
 * addresses; afterwards refreshAddresses brings `addresses` up to date.
 */
import { sql } from 'drizzle-orm';
import { stageRows, type CopyColumn } from '../bulk-copy.ts';
import type { DrizzleDatabase } from '../open-database.ts';
import { buildAddressKey } from './place-sale.ts';
import type { SaleRecord } from './sale-record.ts';

/** Superseded versions removed per statement (one JSON parameter each). */
const SUPERSEDED_BATCH_ROWS = 1000;
/** Sales staged at a time: one COPY each on PGlite. */
export const SALES_BATCH_ROWS = 10_000;

/** Deletes every sale of `source`, remembering which addresses they belonged to. */
export async function deleteSalesOfSource(tx: DrizzleDatabase, source: string): Promise<number> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS touched_addresses (id integer) ON COMMIT DROP`);
  await tx.execute(sql`INSERT INTO touched_addresses SELECT DISTINCT address_id FROM sales WHERE source = ${source} AND address_id IS NOT NULL`);
  const result = await tx.execute(sql`WITH deleted AS (DELETE FROM sales WHERE source = ${source} RETURNING 1) SELECT count(*)::int AS count FROM deleted`);
  // Both drivers answer with { rows }; drizzle types the generic executor's result as unknown.
  return Number((result as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0);
}

/** The `sales` columns an insert writes, with their SQL types (ids and foreign keys besides locality_id are set later). */
export const INSERT_COLUMNS: ReadonlyArray<readonly [column: string, type: string, read: (record: SaleRecord) => unknown]> = [
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
const QUALIFIED_COLUMN_LIST = INSERT_COLUMNS.map(([column]) => `r.${column}`).join(', ');
/** Every written column but the key itself, from the version being written. */
const UPSERT_ASSIGNMENTS = INSERT_COLUMNS.filter(([column]) => column !== 'source_key')
  .map(([column]) => `${column} = excluded.${column}`)
  .join(', ');

/**
 * Inserts sales in batches staged in bulk. The batch's new addresses are written first, so each sale
 * is inserted linked to its address: linking afterwards (refreshAddresses) rewrote every row once
 * more, half of a 30,000-sale load on PGlite. Rows keep their order (and so their ids) from the batch.
 */
export async function insertSales(tx: DrizzleDatabase, records: readonly SaleRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += SALES_BATCH_ROWS) {
    const slice = records.slice(start, start + SALES_BATCH_ROWS);
    await insertBatchAddresses(tx, slice);
    await stageSales(tx, slice);
    await tx.execute(sql`INSERT INTO sales (${sql.raw(COLUMN_LIST)}, address_id)
      SELECT ${sql.raw(QUALIFIED_COLUMN_LIST)}, a.id
        FROM ${sql.raw(STAGE)} r LEFT JOIN addresses a ON a.address_key = r.address_key
       ORDER BY r.ord`);
  }
}

/** The temporary table a batch of sales is staged in, with each sale's place in its batch (`ord`). */
const STAGE = 'sales_stage';
const STAGE_COLUMNS: readonly CopyColumn[] = [['ord', 'integer'], ...INSERT_COLUMNS.map(([column, type]): CopyColumn => [column, type])];

/** Replaces the stage's rows by `records`. */
async function stageSales(tx: DrizzleDatabase, records: readonly SaleRecord[]): Promise<void> {
  await stageRows(tx, STAGE, STAGE_COLUMNS, records.map((record, ord) => [ord, ...INSERT_COLUMNS.map(([, , read]) => read(record))]));
}

/**
 * The addresses of a batch of sales that are not stored yet (refreshAddresses then sets their latest
 * attributes), as their own small JSON: the batch's JSON costs 20 ms per 1,000 rows to expand on
 * PGlite, and a set without street addresses (Sydney's) has none to write.
 */
async function insertBatchAddresses(tx: DrizzleDatabase, records: readonly SaleRecord[]): Promise<void> {
  const latestByKey = new Map<string, SaleRecord>();
  for (const record of records) {
    const key = buildAddressKey(record);
    if (key === null) continue;
    const kept = latestByKey.get(key);
    if (kept === undefined || record.saleDate > kept.saleDate) latestByKey.set(key, record);
  }
  if (latestByKey.size === 0) return;
  // Staged in bulk (bulk-copy.ts; as JSON they were parsed value by value in WebAssembly), then written in the batch's order.
  await stageRows(tx, ADDRESS_STAGE, ADDRESS_STAGE_COLUMNS, [...latestByKey].map(([key, record], ord) => [ord, key, record.address, record.suburb, record.state, record.postcode]));
  await tx.execute(sql.raw(`INSERT INTO addresses (address_key, address, suburb, state, postcode, search_text)
    SELECT address_key, address, suburb, state, postcode, upper(concat_ws(' ', address, suburb, state, postcode))
      FROM ${ADDRESS_STAGE} ORDER BY ord
    ON CONFLICT (address_key) DO NOTHING`));
}

const ADDRESS_STAGE = 'addresses_stage';
const ADDRESS_STAGE_COLUMNS: readonly CopyColumn[] = [
  ['ord', 'integer'],
  ['address_key', 'text'],
  ['address', 'text'],
  ['suburb', 'text'],
  ['state', 'text'],
  ['postcode', 'text'],
];

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

/** Adds the written sales' location precisions (null as 'none') to `byPrecision`. */
export function countByPrecision(byPrecision: Record<string, number>, precisions: ReadonlyArray<string | null>): void {
  for (const precision of precisions) byPrecision[precision ?? 'none'] = (byPrecision[precision ?? 'none'] ?? 0) + 1;
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
  for (let start = 0; start < records.length; start += SALES_BATCH_ROWS) {
    const slice = records.slice(start, start + SALES_BATCH_ROWS);
    await stageSales(tx, slice);
    await tx.execute(sql`INSERT INTO touched_addresses
      SELECT s.address_id FROM sales s JOIN ${sql.raw(STAGE)} r ON r.source_key = s.source_key WHERE s.address_id IS NOT NULL`);
    await insertBatchAddresses(tx, slice);
    const result = await tx.execute(sql`INSERT INTO sales (${sql.raw(COLUMN_LIST)}, address_id)
      SELECT ${sql.raw(QUALIFIED_COLUMN_LIST)}, a.id
        FROM ${sql.raw(STAGE)} r LEFT JOIN addresses a ON a.address_key = r.address_key
       ORDER BY r.ord
      ON CONFLICT (source_key) DO UPDATE SET ${sql.raw(UPSERT_ASSIGNMENTS)}, address_id = excluded.address_id
      WHERE sales.source_version <= excluded.source_version
      RETURNING (xmax = 0) AS inserted, location_precision`);
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it overwrote.
    const rows = (result as { rows: Array<{ inserted: boolean; location_precision: string | null }> }).rows;
    countByPrecision(counts.writtenByPrecision, rows.map((row) => row.location_precision));
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
  for (let start = 0; start < versions.length; start += SUPERSEDED_BATCH_ROWS) {
    const batch = JSON.stringify(versions.slice(start, start + SUPERSEDED_BATCH_ROWS));
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
