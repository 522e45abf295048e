/**
 * What a process (the CLI, a `propguard worker`) loads once to assess loans: the trained model,
 * the sales index, the hazard layers (bundled data and the imported flood layers) and the address
 * look-ups of resolveSubject. The server builds the same from its own runtimes (no second load).
 */
import fs from 'node:fs';
import { carryForwardCalibrationPath, loadAddressBook, loadFloodLayers, loadHazardData, loadLocalityTable, loadMarketMovement, loadSalesAndIndex, type Database, type SubjectLookups } from '@propguard/db';
import { buildHazardContext, buildSalesIndex, parseValuationModel, type IndexedSale, type MarketMovement, type PortfolioEngineData } from '@propguard/engines';
import { AppError, type ClimateOutlook } from '@propguard/schemas';

export interface PortfolioRuntime {
  engine: PortfolioEngineData;
  lookups: SubjectLookups;
  /** What worker threads rebuild the engine data from (they cannot read the embedded database). */
  threadData: PortfolioThreadData;
  loadMs: number;
}

/** The data a worker thread needs: cloned into the thread once, at its start. */
export interface PortfolioThreadData {
  modelPath: string;
  dataDir: string;
  /** Where the hazard data's snapshot is kept (PROPGUARD_HOME/cache; loadHazardData): a thread reads it instead of the files. */
  snapshotDir?: string;
  sales: IndexedSale[];
  movement: MarketMovement;
  floodLayers: Awaited<ReturnType<typeof loadFloodLayers>>;
  outlook: ClimateOutlook;
}

export async function loadPortfolioRuntime(database: Database, options: { modelPath: string; dataDir: string; outlook: ClimateOutlook }): Promise<PortfolioRuntime> {
  const started = performance.now();
  if (!fs.existsSync(options.modelPath)) throw new AppError('SERVICE_UNAVAILABLE', 'No valuation model file: run `npm run train`');
  const model = parseValuationModel(JSON.parse(fs.readFileSync(options.modelPath, 'utf8')));
  const movement = await loadMarketMovement(options.dataDir, carryForwardCalibrationPath(options.modelPath));
  const { sales, index, typical } = await loadSalesAndIndex(database, movement);
  const floodLayers = await loadFloodLayers(database);
  const hazards = buildHazardContext({ ...(await loadHazardData(options.dataDir)), floodLayers });
  // Every gazetteer locality in memory: a book of addresses we have never seen is placed at their
  // localities without one query per locality (issue 28.8). The index too: a loan's given year built
  // is checked against its valuation date (resolveSubject).
  const lookups: SubjectLookups = { addressBook: await loadAddressBook(database), typical, filledScale: model.artifact.intervals.filledScale, placeCache: new Map(), localities: await loadLocalityTable(database), index };
  return {
    engine: { model, index, hazards, outlook: options.outlook },
    lookups,
    threadData: { modelPath: options.modelPath, dataDir: options.dataDir, sales, movement, floodLayers, outlook: options.outlook },
    loadMs: Math.round(performance.now() - started),
  };
}

/** Builds the engine data inside a worker thread from what the parent sent. */
export async function buildThreadEngine(data: PortfolioThreadData): Promise<PortfolioEngineData> {
  const model = parseValuationModel(JSON.parse(fs.readFileSync(data.modelPath, 'utf8')));
  const hazards = buildHazardContext({ ...(await loadHazardData(data.dataDir, data.snapshotDir === undefined ? {} : { snapshotDir: data.snapshotDir })), floodLayers: data.floodLayers });
  return { model, index: buildSalesIndex(data.sales, { movement: data.movement }), hazards, outlook: data.outlook };
}
