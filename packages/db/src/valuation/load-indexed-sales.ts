import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { buildSalesIndex, buildTypicalAttributesTable, compareSales, packSalesAndIndex, unpackSalesAndIndex, type IndexedSale, type MarketMovement, type PackedSalesAndIndex, type SalesIndex, type TypicalAttributesTable } from '@propguard/engines';
import type { Database } from '../open-database.ts';
import { parseCopyValues } from '../copy-text.ts';
import { numberOrNull } from '../sale-columns.ts';
import { fingerprintFiles, handOverSnapshot, readThroughSnapshot, snapshotFile, sourceFilesText, type SnapshotSpec } from '../snapshot.ts';
import { startTypeScriptWorker } from '../worker-thread.ts';
import type { SaleRecord } from '../ingest/sale-record.ts';

const INDEXED_SALE_COLUMNS = ['id', 'lat', 'lng', 'state', 'suburb', 'postcode', 'address', 'property_type', 'bedrooms', 'bathrooms', 'car_spaces', 'land_size_m2', 'building_size_m2', 'year_built', 'price_aud', 'sale_date', 'is_market_sale', 'sale_method', 'source_key', 'location_precision'] as const;
/** Where each column of indexedSalesQuery is in a row of its values. */
const AT = Object.fromEntries(INDEXED_SALE_COLUMNS.map((column, place) => [column, place])) as Record<(typeof INDEXED_SALE_COLUMNS)[number], number>;

export interface LoadIndexedSalesOptions {
  /**
   * Also the priced records of a street address that are not market sales (the highest bid at an
   * auction that passed in, a vendor bid: 5,422 Melbourne rows), flagged `isMarketSale: false`.
   * buildSalesIndex keeps them for the property's own-sale evidence only (own-sale.ts): every
   * process that values a property asks for them; training and the benches of the model do not.
   */
  ownSaleRecords?: boolean;
}

/**
 * What an indexed sale takes from its row's source key, market flag and location precision, however
 * the row was read (toIndexedSale, indexedSaleOfRecord): the Valuer General's property id of
 * 'nsw-vg:<property id>|<dealing>|<lot>', a record that is not a market sale marked with its method,
 * a sale at its locality's point marked so.
 */
function withRowFlags(sale: IndexedSale, sourceKey: string | null, isMarketSale: boolean, saleMethod: string | null, locationPrecision: string | null): IndexedSale {
  sale.propertyKey = sourceKey?.startsWith('nsw-vg:') ? sourceKey.slice(7).split('|')[0]! : null;
  if (!isMarketSale) {
    sale.isMarketSale = false;
    sale.saleMethod = saleMethod;
  }
  if (locationPrecision === 'locality') sale.placedAtLocality = true;
  return sale;
}

/** A sale of a row of indexedSalesQuery's values in column order, each in its text form (or null). */
function toIndexedSale(values: ReadonlyArray<string | null>): IndexedSale {
  const sale: IndexedSale = {
    id: Number(values[AT.id]),
    lat: Number(values[AT.lat]),
    lng: Number(values[AT.lng]),
    state: values[AT.state] ?? null,
    suburb: values[AT.suburb] as string,
    postcode: values[AT.postcode] ?? null,
    address: values[AT.address] ?? null,
    propertyType: values[AT.property_type] as string,
    bedrooms: numberOrNull(values[AT.bedrooms]),
    bathrooms: numberOrNull(values[AT.bathrooms]),
    carSpaces: numberOrNull(values[AT.car_spaces]),
    landSizeM2: numberOrNull(values[AT.land_size_m2]),
    buildingSizeM2: numberOrNull(values[AT.building_size_m2]),
    yearBuilt: numberOrNull(values[AT.year_built]),
    priceAud: Number(values[AT.price_aud]),
    saleDate: values[AT.sale_date] as string,
  };
  return withRowFlags(sale, values[AT.source_key] ?? null, values[AT.is_market_sale] === 't', values[AT.sale_method] ?? null, values[AT.location_precision] ?? null);
}

/**
 * The sale `record`, written as sale `id`, is among indexedSalesQuery's rows (SERVED_SALES), as
 * toIndexedSale reads it back; null where that query leaves it out. A first load sends each set's
 * sales to the index's thread from memory this way (fresh-load.ts) instead of reading them back.
 */
export function indexedSaleOfRecord(record: SaleRecord, id: number): IndexedSale | null {
  // indexedSalesCondition(SERVED_SALES), on the record.
  if (!(record.isMarketSale || record.address != null) || record.priceAud == null || record.lat == null || record.lng == null) return null;
  const sale: IndexedSale = {
    id,
    lat: record.lat,
    lng: record.lng,
    state: record.state ?? null,
    suburb: record.suburb,
    postcode: record.postcode ?? null,
    address: record.address ?? null,
    propertyType: record.propertyType,
    bedrooms: record.bedrooms ?? null,
    bathrooms: record.bathrooms ?? null,
    carSpaces: record.carSpaces ?? null,
    landSizeM2: record.landSizeM2 ?? null,
    buildingSizeM2: record.buildingSizeM2 ?? null,
    yearBuilt: record.yearBuilt ?? null,
    priceAud: record.priceAud,
    saleDate: record.saleDate,
  };
  return withRowFlags(sale, record.sourceKey ?? null, record.isMarketSale, record.saleMethod ?? null, record.locationPrecision);
}

/** The rows indexedSalesQuery reads (of one source: a load's set). Callers quote the source themselves (sourceCondition). */
function indexedSalesCondition(options: LoadIndexedSalesOptions, source?: string): string {
  const kept = options.ownSaleRecords ? '(is_market_sale OR address IS NOT NULL)' : 'is_market_sale';
  return `${kept} AND price_aud IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL${source === undefined ? '' : ` AND source = '${source.replaceAll("'", "''")}'`}`;
}

function indexedSalesQuery(options: LoadIndexedSalesOptions, source?: string): string {
  return `SELECT ${INDEXED_SALE_COLUMNS.map((column) => (column === 'sale_date' ? `to_char(sale_date, 'YYYY-MM-DD') AS sale_date` : column)).join(', ')}
       FROM sales
      WHERE ${indexedSalesCondition(options, source)}
      ORDER BY sale_date, id`;
}

/** How many rows indexedSalesQuery reads and the sum of their ids: the same for the same rows (a load inserts new ids or deletes). */
async function indexedSalesTally(database: Database, source?: string): Promise<{ rows: number; idSum: number }> {
  const [tally] = await database.query<{ rows: number; id_sum: string | null }>(`SELECT count(*)::int AS rows, sum(id)::text AS id_sum FROM sales WHERE ${indexedSalesCondition(SERVED_SALES, source)}`);
  return { rows: tally?.rows ?? 0, idSum: Number(tally?.id_sum ?? 0) };
}

/**
 * Every market sale with a price and coordinates, in the shape the valuation engine indexes
 * (packages/engines/src/valuation/sales-index.ts). One bulk read (Database.queryText): ~280k rows in
 * about 3 s from the embedded database. A start keeps them with their index (loadSalesAndIndex).
 */
export async function loadIndexedSales(database: Database, options: LoadIndexedSalesOptions = {}): Promise<IndexedSale[]> {
  const query = indexedSalesQuery(options);
  const copied = await database.copyText(query);
  if (copied !== null) return salesFromCopyText(copied.text, copied.fields);
  return (await database.queryText(query)).map((row) => toIndexedSale(INDEXED_SALE_COLUMNS.map((column) => row[column] ?? null)));
}

/** The engine's source directory: a snapshot of what it built is kept only while its code is unchanged. */
const ENGINES_SOURCE_DIR = fileURLToPath(new URL('../../../engines/src', import.meta.url));

/** The sales a process values with, their index, and every locality's typical attributes (typical-attributes.ts of the engines). */
export interface SalesAndIndex {
  sales: IndexedSale[];
  index: SalesIndex;
  typical: TypicalAttributesTable;
}

/** What the sales-index snapshot keeps: the sales and their index packed, and the typical attributes built from them. */
type KeptSalesAndIndex = PackedSalesAndIndex & { typical: TypicalAttributesTable };

function keptSalesAndIndex(sales: readonly IndexedSale[], index: SalesIndex): KeptSalesAndIndex {
  return { ...packSalesAndIndex(sales, index), typical: buildTypicalAttributesTable(index.sales) };
}

/**
 * The sales a process values with (own-sale records included), their index built with `movement`,
 * and the localities' typical attributes: the server, the portfolio workers, `value --csv` and the
 * benches that value as the server does all load them here. With `snapshotDir` (the server's cache)
 * they are kept between starts as one snapshot (issue 32: a restart read the sales in 1.0 s, then built
 * the index in 2.4 s and the typical attributes in 0.5 s), named by the sales table's state, this
 * loader's query, every source file of the engine and the movement, so a change to any of them builds
 * them again. A first start's snapshot is built on another thread (startSalesIndexSnapshot).
 */
export async function loadSalesAndIndex(database: Database, movement: MarketMovement | null, snapshotDir?: string): Promise<SalesAndIndex> {
  const build = async () => {
    const sales = await loadIndexedSales(database, SERVED_SALES);
    const index = buildSalesIndex(sales, { movement });
    return { sales, index };
  };
  if (snapshotDir === undefined) {
    const { sales, index } = await build();
    return { sales, index, typical: buildTypicalAttributesTable(index.sales) };
  }
  const kept = await readThroughSnapshot(database, salesIndexSnapshotSpec(movement, snapshotDir), async () => {
    const { sales, index } = await build();
    return keptSalesAndIndex(sales, index);
  });
  return { ...unpackSalesAndIndex(kept, movement), typical: kept.typical };
}

/** The sales a process values with: own-sale records included. */
const SERVED_SALES: LoadIndexedSalesOptions = { ownSaleRecords: true };

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
  if (fields.join() !== INDEXED_SALE_COLUMNS.join()) throw new Error(`the sales' COPY text has the columns ${fields.join(', ')}, not indexedSalesQuery's`);
  return parseCopyValues(text, fields.length).map(toIndexedSale);
}

const SNAPSHOT_THREAD_FILE = new URL('./sales-index-snapshot-worker.ts', import.meta.url);

/** What the thread of startSalesIndexSnapshot is given. */
export interface SalesIndexSnapshotJob {
  fields: string[];
  text: string;
  movement: MarketMovement | null;
  file: string;
  directory: string;
  /** The sales sent set by set (SalesIndexThread.sendSource) are the table's: the job's text adds none. Else they are dropped. */
  keepParts: boolean;
}

/** What the thread of startSalesIndexSnapshot is sent: the sales of a set as it is written (parsed at once), then the job. */
export type SalesIndexThreadMessage = { kind: 'part'; fields: string[]; text: string } | { kind: 'sales'; sales: readonly IndexedSale[] } | ({ kind: 'job' } & SalesIndexSnapshotJob);

/**
 * A thread for startSalesIndexSnapshot, started ahead of its job. A first load starts it after its
 * first sales set and sends it each set's sales as it is written (sendSource): the thread parses them
 * while the next set loads, and the job then carries none.
 */
export interface SalesIndexThread {
  worker: Worker | null;
  /** Rows sent so far, and the sum of their ids. */
  sent: { rows: number; idSum: number };
  /**
   * Sends the sales of `source` as the table holds them now: `written` when the load knows them (a
   * first load's set written the fresh way: indexedSaleOfRecord), else one COPY text file read back
   * (PGlite; nothing on PostgreSQL).
   */
  sendSource(database: Database, source: string, written?: readonly IndexedSale[] | null): Promise<void>;
  /** Ends the thread if it was given no job. */
  close(): void;
}

export function startSalesIndexThread(): SalesIndexThread {
  let worker: Worker | null = null;
  try {
    worker = startTypeScriptWorker(SNAPSHOT_THREAD_FILE, null);
    // A thread that fails to start fails its job (startSalesIndexSnapshot), not the process.
    worker.on('error', () => undefined);
  } catch {
    worker = null;
  }
  const thread: SalesIndexThread = {
    worker,
    sent: { rows: 0, idSum: 0 },
    async sendSource(database, source, written) {
      if (thread.worker === null) return;
      if (written) {
        thread.worker.postMessage({ kind: 'sales', sales: written } satisfies SalesIndexThreadMessage);
        let idSum = 0;
        for (const sale of written) idSum += sale.id;
        thread.sent = { rows: thread.sent.rows + written.length, idSum: thread.sent.idSum + idSum };
        return;
      }
      const tally = await indexedSalesTally(database, source);
      const copied = await database.copyText(indexedSalesQuery(SERVED_SALES, source));
      if (copied === null || thread.worker === null) return;
      thread.worker.postMessage({ kind: 'part', ...copied } satisfies SalesIndexThreadMessage);
      thread.sent = { rows: thread.sent.rows + tally.rows, idSum: thread.sent.idSum + tally.idSum };
    },
    close: () => {
      void thread.worker?.terminate();
      thread.worker = null;
    },
  };
  return thread;
}

/**
 * A first start's sales index, built on another thread while this one builds the tables' indexes
 * (issue 32.1). The thread has the sales the load sent it set by set (SalesIndexThread.sendSource)
 * when they are all the table holds (their count and ids checked); else this reads them as one COPY
 * text file now (PGlite; about 1.5 s). The thread parses them, builds their index and sends the
 * serialised snapshot back (handOverSnapshot: the next loadSalesAndIndex reads it from memory) before
 * it writes the snapshot's file. `done` resolves true once it is sent; false when there was nothing to
 * do (kept already, or PostgreSQL) or the thread failed (loadSalesAndIndex then builds it as before).
 * `written` resolves once the file is written.
 */
export async function startSalesIndexSnapshot(
  database: Database,
  movement: MarketMovement | null,
  snapshotDir: string,
  thread: SalesIndexThread = startSalesIndexThread(),
): Promise<{ done: Promise<boolean>; written: Promise<boolean> }> {
  const nothing = { done: Promise.resolve(false), written: Promise.resolve(false) };
  const spec = salesIndexSnapshotSpec(movement, snapshotDir);
  const file = await snapshotFile(database, spec);
  const wanted = file !== null && !existsSync(file);
  const keepParts = wanted && thread.sent.rows > 0 && isSameTally(thread.sent, await indexedSalesTally(database));
  const copied = !wanted ? null : keepParts ? { fields: [...INDEXED_SALE_COLUMNS], text: '' } : await database.copyText(indexedSalesQuery(SERVED_SALES));
  const { worker } = thread;
  if (file === null || copied === null || worker === null) {
    thread.close();
    return nothing;
  }
  thread.worker = null;
  const done = new Promise<boolean>((resolve) => {
    worker.once('message', (bytes: Uint8Array) => {
      handOverSnapshot(file, bytes);
      resolve(true);
    });
    worker.once('exit', () => resolve(false));
  });
  const written = new Promise<boolean>((resolve) => worker.once('exit', (code) => resolve(code === 0 && existsSync(file))));
  worker.postMessage({ kind: 'job', ...copied, movement, file, directory: snapshotDir, keepParts } satisfies SalesIndexThreadMessage);
  return { done, written };
}

const isSameTally = (a: { rows: number; idSum: number }, b: { rows: number; idSum: number }) => a.rows === b.rows && a.idSum === b.idSum;

/** The thread's work: the sales (the parts sent, put in the query's order: compareSales, by date then id; and the job's COPY text), their index and typical attributes, the serialised snapshot. */
export function salesIndexSnapshotBytes(job: SalesIndexSnapshotJob, parts: ReadonlyArray<readonly IndexedSale[]> = []): Uint8Array {
  const copied = salesFromCopyText(job.text, job.fields);
  const sales = job.keepParts && parts.length > 0 ? [...parts.flat(), ...copied].sort(compareSales) : copied;
  return v8.serialize(keptSalesAndIndex(sales, buildSalesIndex(sales, { movement: job.movement })));
}
