import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSalesIndex, packSalesIndex, unpackSalesIndex, type IndexedSale, type MarketMovement, type SalesIndex } from '@propguard/engines';
import type { Database } from '../open-database.ts';
import { parseCopyText } from '../copy-text.ts';
import { attributesOfRow } from '../sale-columns.ts';
import { fingerprintFiles, readThroughSnapshot, snapshotFile, sourceFilesText, writeSnapshot, type SnapshotSpec } from '../snapshot.ts';
import { runTypeScriptWorker } from '../worker-thread.ts';

const INDEXED_SALE_COLUMNS = ['id', 'lat', 'lng', 'state', 'suburb', 'postcode', 'address', 'property_type', 'bedrooms', 'bathrooms', 'car_spaces', 'land_size_m2', 'building_size_m2', 'year_built', 'price_aud', 'sale_date', 'is_market_sale', 'sale_method', 'source_key', 'location_precision'] as const;
/** A row of indexedSalesQuery, every value in its text form (Database.queryText). */
type IndexedSaleRow = Record<(typeof INDEXED_SALE_COLUMNS)[number], string | null>;

export interface LoadIndexedSalesOptions {
  /**
   * Also the priced records of a street address that are not market sales (the highest bid at an
   * auction that passed in, a vendor bid: 5,422 Melbourne rows), flagged `isMarketSale: false`.
   * buildSalesIndex keeps them for the property's own-sale evidence only (own-sale.ts): every
   * process that values a property asks for them; training and the benches of the model do not.
   */
  ownSaleRecords?: boolean;
}

const toIndexedSale = (row: IndexedSaleRow): IndexedSale => ({
  id: Number(row.id),
  lat: Number(row.lat),
  lng: Number(row.lng),
  state: row.state,
  suburb: row.suburb as string,
  postcode: row.postcode,
  address: row.address,
  propertyType: row.property_type as string,
  ...attributesOfRow(row),
  priceAud: Number(row.price_aud),
  saleDate: row.sale_date as string,
  // 'nsw-vg:<property id>|<dealing>|<lot>': the Valuer General's property id.
  propertyKey: row.source_key?.startsWith('nsw-vg:') ? row.source_key.slice(7).split('|')[0]! : null,
  ...(row.is_market_sale === 't' ? {} : { isMarketSale: false, saleMethod: row.sale_method }),
  ...(row.location_precision === 'locality' ? { placedAtLocality: true } : {}),
});

function indexedSalesQuery(options: LoadIndexedSalesOptions): string {
  const kept = options.ownSaleRecords ? '(is_market_sale OR address IS NOT NULL)' : 'is_market_sale';
  return `SELECT ${INDEXED_SALE_COLUMNS.map((column) => (column === 'sale_date' ? `to_char(sale_date, 'YYYY-MM-DD') AS sale_date` : column)).join(', ')}
       FROM sales
      WHERE ${kept} AND price_aud IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL
      ORDER BY sale_date, id`;
}

/**
 * Every market sale with a price and coordinates, in the shape the valuation engine indexes
 * (packages/engines/src/valuation/sales-index.ts). One bulk read (Database.queryText): ~280k rows in
 * about 3 s from the embedded database. A start keeps them with their index (loadSalesAndIndex).
 */
export async function loadIndexedSales(database: Database, options: LoadIndexedSalesOptions = {}): Promise<IndexedSale[]> {
  return (await database.queryText(indexedSalesQuery(options))).map((row) => toIndexedSale(row as IndexedSaleRow));
}

/** The engine's source directory: a snapshot of what it built is kept only while its code is unchanged. */
const ENGINES_SOURCE_DIR = fileURLToPath(new URL('../../../engines/src', import.meta.url));

/**
 * The sales a process values with (own-sale records included) and their index built with
 * `movement`: the server, the portfolio workers, `value --csv` and the benches that value as the
 * server does all load them here. With `snapshotDir` (the server's cache) both are kept between starts
 * as one snapshot (issue 32: a restart read the sales in 1.0 s, then built the index in 2.4 s), named
 * by the sales table's state, this loader's query, every source file of the engine and the movement, so
 * a change to any of them builds the index again.
 */
export async function loadSalesAndIndex(database: Database, movement: MarketMovement | null, snapshotDir?: string): Promise<{ sales: IndexedSale[]; index: SalesIndex }> {
  const build = async () => {
    const sales = await loadIndexedSales(database, SERVED_SALES);
    return { sales, index: buildSalesIndex(sales, { movement }) };
  };
  if (snapshotDir === undefined) return build();
  const kept = await readThroughSnapshot(database, salesIndexSnapshotSpec(movement, snapshotDir), async () => {
    const { sales, index } = await build();
    return packedSalesAndIndex(sales, index);
  });
  return { sales: kept.sales, index: unpackSalesIndex(kept.index, movement) };
}

/** The sales a process values with: own-sale records included. */
const SERVED_SALES: LoadIndexedSalesOptions = { ownSaleRecords: true };

/** What the sales-index snapshot holds. */
function packedSalesAndIndex(sales: IndexedSale[], index: SalesIndex) {
  return { sales, index: packSalesIndex(index) };
}

/**
 * The sales-index snapshot's spec. Its code is the source of this loader (its query and row mapping),
 * of the row readers it uses and of the engine (sourceFilesText), and the movement.
 */
function salesIndexSnapshotSpec(movement: MarketMovement | null, snapshotDir: string): SnapshotSpec & { directory: string } {
  const code = [
    sourceFilesText(new URL(import.meta.url), new URL('../sale-columns.ts', import.meta.url), new URL('../copy-text.ts', import.meta.url)),
    ...fingerprintFiles(ENGINES_SOURCE_DIR),
    createHash('sha256').update(canonicalJson(movement)).digest('hex'),
  ].join('\n');
  return { directory: snapshotDir, name: 'sales-index', tables: ['sales'], code };
}

/**
 * A value's JSON with its maps as entry lists and typed arrays as arrays: the same text for the same
 * content. (v8.serialize is not: it writes a number as stored, and the same series built twice in one
 * process, before and after the code warmed up, hashed differently.)
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Map ? [...item] : ArrayBuffer.isView(item) ? Array.from(item as unknown as ArrayLike<number>) : item));
}

/** The sales of a COPY text file of indexedSalesQuery (Database.copyText). */
export function salesFromCopyText(text: string, fields: readonly string[]): IndexedSale[] {
  return parseCopyText(text, fields).map((row) => toIndexedSale(row as IndexedSaleRow));
}

const SNAPSHOT_THREAD_FILE = new URL('./sales-index-snapshot-worker.ts', import.meta.url);

/** What the thread of startSalesIndexSnapshot is given. */
export interface SalesIndexSnapshotJob {
  fields: string[];
  text: string;
  movement: MarketMovement | null;
  file: string;
  directory: string;
}

/**
 * A first start's sales index, built on another thread while this one builds the tables' indexes
 * (issue 32.1). Reads the sales as one COPY text file now (PGlite; about 1 s), then a thread parses
 * them, builds their index and writes the snapshot loadSalesAndIndex reads. `done` resolves true
 * once it is written; false when there was nothing to do (kept already, or PostgreSQL) or the thread
 * failed (loadSalesAndIndex then builds it as before).
 */
export async function startSalesIndexSnapshot(database: Database, movement: MarketMovement | null, snapshotDir: string): Promise<{ done: Promise<boolean> }> {
  const spec = salesIndexSnapshotSpec(movement, snapshotDir);
  const file = await snapshotFile(database, spec);
  if (file === null || existsSync(file)) return { done: Promise.resolve(false) };
  const copied = await database.copyText(indexedSalesQuery(SERVED_SALES));
  if (copied === null) return { done: Promise.resolve(false) };
  const job: SalesIndexSnapshotJob = { ...copied, movement, file, directory: snapshotDir };
  return { done: runTypeScriptWorker(SNAPSHOT_THREAD_FILE, job).then((ended) => ended && existsSync(file)) };
}

/** The thread's work: the sales of the COPY text, their index, the snapshot. */
export function writeSalesIndexSnapshot(job: SalesIndexSnapshotJob): void {
  const sales = salesFromCopyText(job.text, job.fields);
  writeSnapshot(job.file, { directory: job.directory, name: 'sales-index' }, packedSalesAndIndex(sales, buildSalesIndex(sales, { movement: job.movement })));
}
