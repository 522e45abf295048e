import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { carryForwardCalibrationPath, loadAddressBook, loadLocalityTable, loadMarketMovement, loadSalesAndIndex, type Database, type SubjectLookups } from '@propguard/db';
import { parseValuationModel, type IndexedSale, type SalesIndex, type ValuationModel } from '@propguard/engines';
import { redactPaths } from '../../http/redact.ts';

/** What valuations need in memory: the trained model, the index of sales it reads, and the address look-ups (resolveSubject). */
export interface ValuationRuntime extends SubjectLookups {
  model: ValuationModel;
  index: SalesIndex;
  /** The records the index was built from (the portfolio threads build their own index from them, without a second read). */
  sales: readonly IndexedSale[];
  /** The latest sale in the index: the default "as at" date (our data end there). */
  latestSaleDate: string;
  salesIndexed: number;
  loadMs: number;
}

export type ValuationRuntimeState = { ready: true; runtime: ValuationRuntime } | { ready: false; reason: string };

/**
 * Loads the model artifact and indexes the market sales. A missing or invalid model is reported
 * as a reason (valuations answer 503 with it), not a crash: the rest of the product still works.
 */
export async function loadValuationRuntime(database: Database, modelPath: string, dataDir: string, snapshotDir?: string, beforeSalesIndex?: () => Promise<void>): Promise<ValuationRuntimeState> {
  const started = performance.now();
  if (!fs.existsSync(modelPath)) return { ready: false, reason: `No valuation model file ${path.basename(modelPath)}: run \`npm run train\`` };
  let model: ValuationModel;
  try {
    model = parseValuationModel(JSON.parse(fs.readFileSync(modelPath, 'utf8')));
  } catch (error) {
    return { ready: false, reason: `The valuation model file ${path.basename(modelPath)} is not valid: ${redactPaths((error as Error).message)}` };
  }
  let movement;
  try {
    movement = await loadMarketMovement(dataDir, carryForwardCalibrationPath(modelPath));
  } catch (error) {
    return { ready: false, reason: `The ABS series that carry valuations to the latest quarter could not be read: ${redactPaths((error as Error).message)}` };
  }
  const addressBook = await loadAddressBook(database, snapshotDir);
  // The gazetteer in memory: a locality or the nearest one to coordinates without a query (resolveSubject).
  const localities = await loadLocalityTable(database);
  // Last: a first start builds the sales index on another thread meanwhile (the caller's beforeSalesIndex waits for it).
  await beforeSalesIndex?.();
  // With the priced records that are not market sales: a property's own passed-in bid is evidence of its value (own-sale.ts).
  // With every locality's typical attributes (an unknown address is valued with them), so that no valuation waits on them.
  const { sales, index, typical } = await loadSalesAndIndex(database, movement, snapshotDir);
  const latestSaleDate = index.lastSaleDate;
  return {
    ready: true,
    runtime: { model, index, sales, latestSaleDate, salesIndexed: index.sales.length, addressBook, localities, typical, filledScale: model.artifact.intervals.filledScale, placeCache: new Map(), loadMs: Math.round(performance.now() - started) },
  };
}
