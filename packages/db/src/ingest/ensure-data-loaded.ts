/**
 * The idempotent ingest: each bundled data set whose file checksum (or rule version) differs from
 * dataset_loads is loaded again in ONE transaction (delete its rows, insert, record the load), so
 * a crash mid-load rolls back to the previous complete load.
 */
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { IndexedSale } from '@propguard/engines';
import type { Database, DrizzleDatabase } from '../open-database.ts';
import { BUNDLED_DATASETS, type BundledDataset } from './bundled-datasets.ts';
import { loadGazetteerDataset, loadNswVgDataset, loadSalesDataset, loadSuburbsDataset, readSuburbFiles, type ProgressReporter, type SuburbFiles } from './load-datasets.ts';
import { countDeferredSchema, deferSchema, hasNoSales, restoreDeferredSchema, type RestoredSchema, type RestoreOptions } from './deferred-schema.ts';
import { computeFileChecksum, computeFilesChecksum, listDataFiles, resolveDataFile } from './read-source-file.ts';
import { findRecordedLoad, recordLoad, RULESET_VERSION, type LoadCounts } from './record-load.ts';
import { startSalesParserThread, type SalesParser } from './sales-parser.ts';
import { loadLocalityIndex } from './load-locality-index.ts';
import type { LocalityIndex } from './place-sale.ts';
import { SALES_BATCH_ROWS } from './write-sales.ts';
import { FreshLoad } from './fresh-load.ts';

export interface IngestProgressEvent {
  dataset: string;
  phase: string;
  rows?: number;
  message: string;
}

export interface EnsureDataLoadedOptions {
  dataDir: string;
  onProgress?: (event: IngestProgressEvent) => void;
  /**
   * Called once the data sets are written and before the tables' indexes are made, when a data set
   * was loaded: `npm start` starts the sales index's build on another thread there
   * (startSalesIndexSnapshot), and with deferIndexes makes the indexes while it runs. A failure of it
   * is ignored.
   */
  beforeIndexes?: () => Promise<void>;
  /**
   * Which data sets: `before-ready` (`npm start`, before it listens) leaves out those marked
   * `afterReady` (bundled-datasets.ts), which `after-ready` loads once it listens; `all` (the default)
   * loads every one.
   */
  datasets?: 'all' | 'before-ready' | 'after-ready';
  /**
   * Called on a first load (into empty tables) after each sales set's transaction, with the set's
   * source and, when it was written the fresh way, its sales as the sales index reads them
   * (fresh-load.ts): `npm start` sends them to the sales index's thread there
   * (SalesIndexThread.sendSource), which keeps them while the next set loads. A failure of it is ignored.
   */
  afterSalesDataset?: (source: string, written: readonly IndexedSale[] | null) => Promise<void>;
  /**
   * true (`npm start`): a successful first load leaves the tables' indexes, foreign keys and planner
   * statistics to buildDeferredSchema (while the sales index is built on another thread) and to the
   * next ensureDataLoaded (its `after-ready` call), about 7 s of PGlite's thread. false or absent: all
   * are made before ensureDataLoaded returns.
   */
  deferIndexes?: boolean;
  /**
   * Awaited before each index or foreign key left by an earlier load and before each table's
   * planner statistics: `npm start`'s `after-ready` call waits there for a moment without requests,
   * as each is one long call on PGlite's thread, which is the server's.
   */
  beforeDeferredItem?: () => Promise<void>;
}

export interface DatasetLoadReport extends LoadCounts {
  dataset: string;
  /** loaded: written now; unchanged: already loaded from the same file; missing: file not in dataDir. */
  status: 'loaded' | 'unchanged' | 'missing';
  checksum: string | null;
  durationMs: number;
}

export interface IngestReport {
  dataDir: string;
  datasets: DatasetLoadReport[];
  durationMs: number;
  /** Indexes and foreign keys left to make (deferIndexes: buildDeferredSchema, or the next call); 0 otherwise. */
  deferredSchema: number;
  /** Indexes and foreign keys an earlier load left, made first. */
  leftOverSchema: { indexes: number; foreignKeys: number };
  /** Whether ANALYZE ran (after a load, or on a database never analysed). */
  statisticsRefreshed: boolean;
}

/** Serialises concurrent ingests on a PostgreSQL server (several processes starting at once). */
const INGEST_LOCK_KEY = 'propguard-ingest';

function resolveDatasetFiles(dataDir: string, dataset: BundledDataset): string[] | null {
  if (dataset.kind === 'nsw-vg') return listDataFiles(dataDir, dataset.directory, /\.zip$/i);
  const relativePaths = dataset.kind === 'suburbs' ? dataset.files : [dataset.file];
  const paths = relativePaths.map((relativePath) => resolveDataFile(dataDir, relativePath));
  return paths.every((path): path is string => path !== null) ? paths : null;
}

function emptyCounts(): LoadCounts {
  return { rowsRead: 0, rowsLoaded: 0, rowsRejected: 0, rejectedByReason: {}, adjustedByRule: {} };
}

/** What a data set's load is given besides its files: the suburbs' files read, the localities' look-ups (both read before the transaction), and a first load's writer. */
interface Prepared {
  suburbFiles: SuburbFiles | null;
  localities: LocalityIndex | null;
  fresh: FreshLoad | null;
}

async function loadDataset(tx: DrizzleDatabase, dataset: BundledDataset, paths: string[], report: ProgressReporter, salesParser: () => SalesParser, prepared: Prepared): Promise<LoadCounts> {
  const localities = prepared.localities ?? undefined;
  const fresh = prepared.fresh ?? undefined;
  switch (dataset.kind) {
    case 'gazetteer':
      return (await loadGazetteerDataset(tx, dataset, paths[0] as string, report)).toCounts();
    case 'suburbs':
      return (await loadSuburbsDataset(tx, dataset, prepared.suburbFiles ?? (await readSuburbFiles(paths)), report)).toCounts();
    case 'sales':
      return (await loadSalesDataset(tx, dataset, paths[0] as string, report, salesParser(), localities, fresh)).toCounts();
    case 'nsw-vg':
      return (await loadNswVgDataset(tx, dataset, paths, report, salesParser(), localities, fresh)).toCounts();
  }
}

/** Loads every bundled data set whose file checksum differs from dataset_loads (a no-op taking seconds when all are loaded). */
export async function ensureDataLoaded(database: Database, options: EnsureDataLoadedOptions): Promise<IngestReport> {
  const startedAt = performance.now();
  const reports: DatasetLoadReport[] = [];
  // A first load inserts without the big tables' secondary indexes and foreign keys and makes them once at the end;
  // what one left (a crash, or `npm start`'s deferIndexes) is made first.
  const leftOver = await restoreDeferredSchema(database, options.beforeDeferredItem ? { beforeEach: options.beforeDeferredItem } : {});
  const firstLoad = await hasNoSales(database);
  if (firstLoad) await deferSchema(database);
  // The sales files are parsed on a second thread while this one writes (sales-parser.ts); on a first
  // load it starts now, so that its code is loaded by the time the first sales file is.
  let parser: SalesParser | null = firstLoad ? startSalesParserThread() : null;
  if (parser) readFirstSalesFileAhead(options.dataDir, parser);
  const salesParser = () => (parser ??= startSalesParserThread());
  let loaded = false;
  try {
    await loadEachDataset(database, options, reports, salesParser, firstLoad);
    if (options.beforeIndexes && reports.some((report) => report.status === 'loaded')) await options.beforeIndexes().catch(() => undefined);
    loaded = true;
  } finally {
    await parser?.close();
    const restoringStartedAt = performance.now();
    // A load that failed makes them all: its error goes up, and nothing is left half done.
    const restored = await restoreDeferredSchema(database, { stop: () => loaded && options.deferIndexes === true });
    if (restored.indexes + restored.foreignKeys > 0) {
      const seconds = ((performance.now() - restoringStartedAt) / 1000).toFixed(1);
      options.onProgress?.({ dataset: 'indexes', phase: 'done', message: `built ${restored.indexes} indexes and checked ${restored.foreignKeys} foreign keys of the sales and addresses in ${seconds} s` });
    }
  }
  const deferredSchema = await countDeferredSchema(database);
  // The planner statistics come after the indexes (an expression index has statistics of its own).
  const statisticsRefreshed = deferredSchema === 0 && (await refreshPlannerStatistics(database, reports.some((report) => report.status === 'loaded'), options.onProgress, options.beforeDeferredItem));
  return { dataDir: options.dataDir, datasets: reports, durationMs: Math.round(performance.now() - startedAt), deferredSchema, leftOverSchema: { indexes: leftOver.indexes, foreignKeys: leftOver.foreignKeys }, statisticsRefreshed };
}

/**
 * Makes indexes and foreign keys a first load left (ensureDataLoaded's deferIndexes), one at a time
 * between other queries, until `stop` says so. What is left, and the planner statistics, the next
 * ensureDataLoaded makes (`npm start`: its `after-ready` call). Returns what it made and the line that says so.
 */
export async function buildDeferredSchema(database: Database, options: RestoreOptions = {}): Promise<RestoredSchema & { message: string }> {
  const startedAt = performance.now();
  const restored = await restoreDeferredSchema(database, options);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const made = `${restored.indexes} indexes and ${restored.foreignKeys} foreign keys of the sales and addresses built in ${seconds} s`;
  return { ...restored, message: restored.remaining > 0 ? `indexes: ${made}; the other ${restored.remaining}, and the planner statistics, once the server is ready` : `indexes: ${made}` };
}

async function loadEachDataset(database: Database, options: EnsureDataLoadedOptions, reports: DatasetLoadReport[], salesParser: () => SalesParser, firstLoad: boolean): Promise<void> {
  // Sales are placed with the gazetteer: when it changes, every sales set is placed again.
  let hasGazetteerChanged = false;
  // A first load loads every sales file: the parsing thread is given them all once the gazetteer is in, so that none waits for its first batch.
  let prefetched = !firstLoad;
  // The localities' placement look-ups, read once for every sales set (about 0.3 s of PGlite each) and again after the gazetteer changes.
  let localities: Promise<LocalityIndex> | null = null;
  const readLocalities = () => (localities ??= loadLocalityIndex(database.db));
  // A first load on PGlite writes its sales and addresses the fresh way (fresh-load.ts): the tables were empty and their foreign keys are deferred.
  const fresh = firstLoad && database.kind === 'pglite' ? new FreshLoad() : null;
  const which = options.datasets ?? 'all';
  const selected = BUNDLED_DATASETS.filter((dataset) => which === 'all' || (which === 'after-ready') === ('afterReady' in dataset && dataset.afterReady));
  for (const dataset of BUNDLED_DATASETS) {
    const datasetStartedAt = performance.now();
    const report: ProgressReporter = (phase, rows, message) =>
      options.onProgress?.({ dataset: dataset.id, phase, ...(rows === undefined ? {} : { rows }), message });
    if (!selected.includes(dataset)) {
      if (which === 'before-ready') report('later', undefined, 'checked and loaded once the server is ready (nothing before it reads it)');
      continue;
    }
    const paths = resolveDatasetFiles(options.dataDir, dataset);
    if (paths === null) {
      report('missing', undefined, `data files not found in ${options.dataDir}`);
      reports.push({ dataset: dataset.id, status: 'missing', checksum: null, durationMs: 0, ...emptyCounts() });
      continue;
    }
    const checksum = dataset.kind === 'suburbs' || dataset.kind === 'nsw-vg' ? await computeFilesChecksum(paths) : await computeFileChecksum(paths[0] as string);
    const mustReload = (dataset.kind === 'sales' || dataset.kind === 'nsw-vg') && hasGazetteerChanged;
    const isCurrent = (recorded: { checksum: string; rulesetVersion: number } | null) =>
      !mustReload && recorded !== null && recorded.checksum === checksum && recorded.rulesetVersion === RULESET_VERSION;
    if (isCurrent(await findRecordedLoad(database.db, dataset.id))) {
      report('unchanged', undefined, 'already loaded from this file');
      reports.push({ dataset: dataset.id, status: 'unchanged', checksum, durationMs: Math.round(performance.now() - datasetStartedAt), ...emptyCounts() });
      continue;
    }
    if (!prefetched && (dataset.kind === 'sales' || dataset.kind === 'nsw-vg')) {
      prefetched = true;
      prefetchSalesFiles(options.dataDir, salesParser(), await readLocalities());
    }
    report('start', undefined, `loading ${paths.map((path) => path.split('/').pop()).join(', ')}`);
    // Read before the transaction, which on PGlite holds every other query back.
    const prepared: Prepared = {
      suburbFiles: dataset.kind === 'suburbs' ? await readSuburbFiles(paths) : null,
      localities: dataset.kind === 'sales' || dataset.kind === 'nsw-vg' ? await readLocalities() : null,
      fresh,
    };
    const counts = await database.db.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${INGEST_LOCK_KEY}))`);
      // Another process may have loaded it while this one waited for the lock.
      if (isCurrent(await findRecordedLoad(tx, dataset.id))) return null;
      const loaded = await loadDataset(tx, dataset, paths, report, salesParser, prepared);
      await recordLoad(tx, dataset.id, checksum, loaded, performance.now() - datasetStartedAt);
      return loaded;
    });
    const durationMs = Math.round(performance.now() - datasetStartedAt);
    if (counts === null) {
      reports.push({ dataset: dataset.id, status: 'unchanged', checksum, durationMs, ...emptyCounts() });
      continue;
    }
    if (dataset.kind === 'gazetteer') {
      hasGazetteerChanged = true;
      localities = null;
    }
    if (firstLoad && (dataset.kind === 'sales' || dataset.kind === 'nsw-vg')) await options.afterSalesDataset?.(dataset.id, fresh?.indexedSales.get(dataset.id) ?? null).catch(() => undefined);
    report('done', counts.rowsLoaded, `${counts.rowsLoaded} loaded, ${counts.rowsRejected} rejected in ${(durationMs / 1000).toFixed(1)} s`);
    reports.push({ dataset: dataset.id, status: 'loaded', checksum, durationMs, ...counts });
  }
}

/**
 * Asks the parsing thread for every bundled sales file, in load order, with the gazetteer as loaded
 * (sales-parser.ts prefetch), then for the Valuer General's archives read and cleaned (prefetchVg).
 */
function prefetchSalesFiles(dataDir: string, parser: SalesParser, localityIndex: LocalityIndex): void {
  for (const dataset of BUNDLED_DATASETS) {
    const paths = dataset.kind === 'sales' || dataset.kind === 'nsw-vg' ? resolveDatasetFiles(dataDir, dataset) : null;
    if (paths === null) continue;
    if (dataset.kind === 'sales') parser.prefetch(dataset, paths[0] as string, localityIndex, SALES_BATCH_ROWS);
    else if (dataset.kind === 'nsw-vg') parser.prefetchVg(paths, dataset.id);
  }
}

/** A first load's first sales file, read and cleaned by the parsing thread while the gazetteer is written. */
function readFirstSalesFileAhead(dataDir: string, parser: SalesParser): void {
  const first = BUNDLED_DATASETS.find((dataset) => dataset.kind === 'sales');
  const path = first ? resolveDatasetFiles(dataDir, first)?.[0] : undefined;
  if (first?.kind === 'sales' && path !== undefined) parser.readAhead(first, path);
}

/**
 * ANALYZE after a bulk load, and once on a database that was loaded before this step existed.
 * PGlite runs no autovacuum, so without it the planner has no statistics at all and guesses 1,278
 * rows for every filter: a search for one postcode then scans a whole state (measured: 100 ms
 * before, a few ms after).
 */
async function refreshPlannerStatistics(database: Database, hasLoaded: boolean, onProgress: EnsureDataLoadedOptions['onProgress'], beforeEach?: () => Promise<void>): Promise<boolean> {
  // reltuples is -1 until the table is first analysed, and, unlike pg_stat_*, persists in PGlite.
  const [stats] = await database.query<{ analysed: boolean }>(`SELECT reltuples >= 0 AS analysed FROM pg_class WHERE relname = 'sales' AND relkind = 'r'`);
  if (!hasLoaded && stats?.analysed) return false;
  const started = performance.now();
  // A table at a time, with a turn of the event loop between: `npm start` does it while it serves.
  const tables = await database.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`);
  for (const { name } of tables) {
    await setImmediate();
    await beforeEach?.();
    await database.query(`ANALYZE "${name.replaceAll('"', '""')}"`);
  }
  onProgress?.({ dataset: 'database', phase: 'done', message: `planner statistics refreshed in ${((performance.now() - started) / 1000).toFixed(1)} s` });
  return true;
}
