import fs from 'node:fs';
import path from 'node:path';
import { buildDeferredSchema, carryForwardCalibrationPath, ensureDataLoaded, holdSnapshotWrites, loadMarketMovement, openDatabase, startSalesIndexSnapshot, startSalesIndexThread, warmHazardSnapshot, type Database, type SalesIndexThread, type IngestProgressEvent } from '@propguard/db';
import { CLIMATE_OUTLOOK } from '@propguard/schemas';
import { hazardSnapshotDir, REPO_ROOT, type AppConfig } from './config.ts';
import { PortfolioJobs } from './services/portfolio/portfolio-jobs.ts';
import type { AppContext } from './services/app-context.ts';
import { createAccountsRuntime } from './services/accounts/accounts-runtime.ts';
import { addressIndexInBackground, loadAddressIndex } from './services/address-search/address-search-service.ts';
import type { AddressIndexState } from './services/address-search/address-index.ts';
import { DataFacts } from './services/health/data-facts.ts';
import { loadHazardRuntime } from './services/hazards/hazard-runtime.ts';
import { ListingEnrichmentCache } from './services/realty/listing-enrichment-cache.ts';
import { loadValuationRuntime } from './services/valuation/valuation-runtime.ts';
import { MarketCache } from './services/market/market-cache.ts';
import { openChainRuntime, type ChainRuntimeState } from './services/chain/chain-runtime.ts';
import type { StartStep } from './start-progress.ts';
import { RequestActivity } from './services/request-activity.ts';

export const APP_VERSION: string = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Listing enrichments kept in memory (a few kB each): enough for every sale a session browses. */
const LISTING_CACHE_ENTRIES = 20_000;

/** What a start builds from the loaded data, in memory only (no handle on the database). */
export type LoadedRuntimes = Pick<AppContext, 'valuation' | 'hazards' | 'addressIndex'>;

export interface StartOptions {
  /** Called at each step of the start (the first start loads the bundled data): start-progress.ts turns them into lines with a percentage. */
  onProgress?: (step: StartStep) => void;
  /**
   * Runtimes another context built from this same database and data directory, taken as they are
   * instead of being built again (the API tests' apps share them: about 30 s an app).
   */
  loaded?: LoadedRuntimes;
  /** false: the caller has already loaded the bundled data (the API tests' global setup), so their files are not checked again. */
  ensureData?: boolean;
  /**
   * Given (`npm start`, which resolves it once the server listens): work the first page does not
   * need waits for it and is then done in the background: the address suggestions' index (about 2 s,
   * built in steps that leave the server answering; a suggestion asked for meanwhile waits for it)
   * and the data counts of the health pages (a health call meanwhile waits for them). Absent (tests,
   * benches, the CLI): both are done before createAppContext returns.
   */
  afterReady?: Promise<void>;
  /** The line that says a piece of the background work is done. */
  onBackgroundDone?: (message: string) => void;
}

/** An ingest event as a step of the start: each data set is a phase; the planner statistics are one too. */
function ingestStep(event: IngestProgressEvent): StartStep {
  const phase = event.dataset === 'database' ? 'statistics' : event.dataset;
  const message = `${event.dataset}: ${event.message}`;
  if (event.phase === 'missing' || event.phase === 'unchanged' || event.phase === 'later') return { phase, state: 'skipped', message };
  if (event.phase === 'done') return { phase, state: 'done', message };
  // Placing the written sales on the address book comes after the rows (start-progress.ts: ROWS_SHARE).
  if (event.phase === 'addresses') return { phase, state: 'running', fraction: 0.75, message };
  return { phase, state: 'running', ...(event.rows === undefined ? {} : { rows: event.rows }), message };
}

/** The certificate chain; an unreachable external chain leaves the rest of the product working. */
async function openChain(config: AppConfig, database: Database): Promise<ChainRuntimeState> {
  try {
    return { ready: true, runtime: await openChainRuntime(config, database) };
  } catch (error) {
    // The message names the endpoint's failure, never the key.
    return { ready: false, reason: (error as Error).message.split('\n')[0] ?? 'unknown error' };
  }
}

/** The valuation model and sales index, the hazard layers and the address index, each reported as it is ready. */
function describeAddressIndex(addressIndex: AddressIndexState): string {
  return addressIndex.ready
    ? `address index: ${addressIndex.index.addressCount.toLocaleString('en-AU')} addresses and ${addressIndex.index.localityCount.toLocaleString('en-AU')} localities indexed in ${addressIndex.loadMs} ms`
    : `address index: unavailable (${addressIndex.reason})`;
}

/** On the embedded database the sales and addresses are read back from snapshots while their tables are unchanged (packages/db/src/snapshot.ts: about 3 s instead of 20). */
function tableSnapshotDir(config: AppConfig): string | undefined {
  return config.databaseUrl === undefined ? path.join(config.homeDir, 'cache') : undefined;
}

/** What other threads prepare while the start goes on: the hazard data's snapshot, the sales index's. */
interface Prepared {
  hazards: Promise<boolean>;
  salesIndex: Promise<boolean>;
  /** A first load left the tables' indexes and planner statistics to be made (ensureDataLoaded's deferIndexes). */
  deferredSchema: boolean;
}

async function loadRuntimes(config: AppConfig, database: Database, options: StartOptions, prepared: Prepared): Promise<LoadedRuntimes> {
  const report = (phase: string, message: string) => options.onProgress?.({ phase, state: 'done', message });
  const snapshotDir = tableSnapshotDir(config);
  // The hazard data come from files, not tables: their snapshot serves either database.
  await prepared.hazards;
  const hazards = await loadHazardRuntime(config.dataDir, config.satelliteTileUrl, database, hazardSnapshotDir(config));
  report('hazards', hazards.ready
    ? `hazards: six hazard layers, ${(hazards.runtime.context.data.floodLayers ?? []).length} imported flood layer(s) and the map loaded in ${hazards.runtime.loadMs} ms`
    : `hazards: unavailable (${hazards.reason})`);
  const { afterReady } = options;
  // While another thread builds the sales index, PGlite builds the indexes a first load left; the rest once the server is ready (afterReadyLoad).
  const buildIndexesMeanwhile = async () => {
    if (!prepared.deferredSchema) return;
    let threadDone = false;
    void prepared.salesIndex.finally(() => (threadDone = true));
    // Only `npm start` defers them (prepared.deferredSchema), so the rest always has its after-ready call.
    const built = await buildDeferredSchema(database, { stop: () => threadDone });
    report('indexes', built.message);
    options.onProgress?.({ phase: 'statistics', state: 'skipped', message: 'database: planner statistics refreshed once the server is ready' });
  };
  let indexesMeanwhile: Promise<void> | undefined;
  const valuation = await loadValuationRuntime(database, config.valuationModelPath, config.dataDir, snapshotDir, async () => {
    await (indexesMeanwhile ??= buildIndexesMeanwhile());
    await prepared.salesIndex;
  });
  // A runtime that could not load (no model file) never called it: the indexes are made all the same.
  await (indexesMeanwhile ??= buildIndexesMeanwhile());
  report('valuation', valuation.ready
    ? `valuation: model ${valuation.runtime.model.id} loaded, ${valuation.runtime.salesIndexed.toLocaleString('en-AU')} sales indexed in ${valuation.runtime.loadMs} ms`
    : `valuation: unavailable (${valuation.reason})`);
  if (afterReady) {
    options.onProgress?.({ phase: 'addresses', state: 'skipped', message: 'address index: built once the server is ready (suggestions asked for before then wait for it)' });
    let started = 0;
    const build = async () => {
      await afterReady;
      started = performance.now();
      return loadAddressIndex(database, snapshotDir, true);
    };
    const addressIndex = addressIndexInBackground(build, (built) => options.onBackgroundDone?.(`${describeAddressIndex(built)}, ${((performance.now() - started) / 1000).toFixed(1)} s after the server was ready`));
    return { valuation, hazards, addressIndex };
  }
  const addressIndex = await loadAddressIndex(database, snapshotDir);
  report('addresses', describeAddressIndex(addressIndex));
  return { valuation, hazards, addressIndex };
}

/** How long without a request before the next index left to after ready is built (a page's files come within this of each other). */
const QUIET_BEFORE_INDEX_MS = 1_500;
/** How long each index left to after ready waits for quiet at most: a busy server still builds them (15 indexes: 75 s later at most). */
const MAX_WAIT_BEFORE_INDEX_MS = 5_000;

/**
 * What `npm start` loads once it is ready (ensureDataLoaded's `after-ready`): the indexes a first load
 * left, the data sets no request reads before (the suburb polygons' table), then the planner statistics.
 */
async function afterReadyLoad(config: AppConfig, database: Database, options: StartOptions, activity: RequestActivity): Promise<void> {
  const startedAt = performance.now();
  // Each index is one long call on PGlite's thread, the server's: each waits for a moment without requests.
  const beforeDeferredItem = () => activity.whenQuiet(QUIET_BEFORE_INDEX_MS, MAX_WAIT_BEFORE_INDEX_MS);
  const report = await ensureDataLoaded(database, { dataDir: config.dataDir, datasets: 'after-ready', beforeDeferredItem });
  const made = report.leftOverSchema.indexes + report.leftOverSchema.foreignKeys > 0 ? [`the other ${report.leftOverSchema.indexes} indexes and ${report.leftOverSchema.foreignKeys} foreign keys built`] : [];
  const loaded = report.datasets.filter((dataset) => dataset.status === 'loaded').map((dataset) => `${dataset.dataset}: ${dataset.rowsLoaded.toLocaleString('en-AU')} loaded`);
  const done = [...made, ...loaded, ...(report.statisticsRefreshed ? ['planner statistics refreshed'] : [])];
  if (done.length > 0) options.onBackgroundDone?.(`data: ${done.join('; ')} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s, after the server was ready`);
}

/** Opens the database (migrating it), loads the bundled data when needed, and returns the context. */
export async function createAppContext(config: AppConfig, options: StartOptions = {}): Promise<AppContext> {
  const report = (phase: string, message: string) => options.onProgress?.({ phase, state: 'done', message });
  const openStartedAt = performance.now();
  const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir, poolMax: config.databasePoolMax });
  // `npm start` reads the hazard files into their snapshot on another thread while the data load
  // runs (a first start: about 2 s off the main thread's path); the hazards step then reads it. Not
  // beside the database's opening: PGlite's compilation wants the second core then.
  const onThreads = options.afterReady !== undefined && !options.loaded;
  const prepared: Prepared = { hazards: onThreads ? warmHazardSnapshot(config.dataDir, hazardSnapshotDir(config)) : Promise.resolve(false), salesIndex: Promise.resolve(false), deferredSchema: false };
  const snapshotDir = tableSnapshotDir(config);
  // A first load's sales index is built on another thread while PGlite builds the tables' indexes.
  // Its thread starts after the first sales set is written and is sent each set's sales as it is written (afterSalesDataset).
  let salesIndexThread: SalesIndexThread | undefined;
  const beforeIndexes = onThreads && snapshotDir !== undefined
    ? async () => {
        const movement = await loadMarketMovement(config.dataDir, carryForwardCalibrationPath(config.valuationModelPath));
        const thread = salesIndexThread;
        salesIndexThread = undefined;
        prepared.salesIndex = (await startSalesIndexSnapshot(database, movement, snapshotDir, thread)).done;
      }
    : undefined;
  // And the snapshots of what it reads from the tables are written after it says ready (snapshot.ts).
  if (options.afterReady) holdSnapshotWrites(options.afterReady);
  try {
    const created = database.created === 'from-template' ? 'created as a copy of the template npm ci made, ' : database.created === 'initdb' ? "created by PGlite's initdb (no current template in .propguard/pglite-template: npm ci makes one), " : '';
    report('database', `database: ${created}opened and migrated in ${Math.round(performance.now() - openStartedAt)} ms`);
    if (options.ensureData !== false) {
      const ingest = await ensureDataLoaded(database, {
        dataDir: config.dataDir,
        onProgress: (event) => options.onProgress?.(ingestStep(event)),
        // What no request reads waits for ready (afterReadyLoad).
        datasets: options.afterReady ? 'before-ready' : 'all',
        beforeIndexes,
        ...(beforeIndexes ? { afterSalesDataset: (source, written) => (salesIndexThread ??= startSalesIndexThread()).sendSource(database, source, written) } : {}),
        // The tables' indexes then wait for the sales index's thread (loadRuntimes) and for ready.
        deferIndexes: beforeIndexes !== undefined,
      }).finally(() => salesIndexThread?.close());
      prepared.deferredSchema = ingest.deferredSchema > 0;
    }
    const { valuation, hazards, addressIndex } = options.loaded ?? (await loadRuntimes(config, database, options, prepared));
    // Counted once at start, so that no health poll pays for it (again only when the data change): after what loads once the server is ready.
    const dataFacts = new DataFacts();
    const activity = new RequestActivity();
    if (options.afterReady) {
      const { afterReady } = options;
      void afterReady.then(async () => {
        if (options.ensureData !== false) await afterReadyLoad(config, database, options, activity).catch((error: unknown) => options.onBackgroundDone?.(`data: the load after ready failed (${(error as Error).message}); the next start loads it again`));
        await dataFacts.read(database);
      }).catch(() => undefined);
    } else await dataFacts.read(database);
    const chain = await openChain(config, database);
    report('certificates', chain.ready
      ? `certificates: contract ${chain.runtime.contractAddress} on ${chain.runtime.network}, block ${chain.runtime.embedded?.blockNumber ?? 'n/a'}, opened in ${chain.runtime.loadMs} ms`
      : `certificates: unavailable (${chain.reason})`);
    const accountsStartedAt = performance.now();
    const accounts = await createAccountsRuntime(config, database);
    report('accounts', `accounts: plans and password checks loaded in ${Math.round(performance.now() - accountsStartedAt)} ms`);
    const context: Omit<AppContext, 'portfolioJobs'> & { portfolioJobs?: PortfolioJobs } = { accounts, config, database, startedAt: new Date(), climateOutlook: CLIMATE_OUTLOOK, version: APP_VERSION, valuation, hazards, listingCache: new ListingEnrichmentCache(LISTING_CACHE_ENTRIES), market: new MarketCache(), addressIndex, dataFacts, chain, activity };
    context.portfolioJobs = new PortfolioJobs(context);
    return context as AppContext;
  } catch (error) {
    await database.close();
    throw error;
  }
}
