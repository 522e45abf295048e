/**
 * `propguard train` (`npm run train`): train the valuation model on the market sales in the
 * database and write models/current.json (docs/methodology/valuation.md).
 *
 * 1. evaluation model: fitted without the hold-outs (latest 5% per city, random 3%); its hold-out
 *    accuracy is measured and recorded in the artifact;
 * 2. shipped model: fitted again on every sale (less the validation and calibration splits).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  assignSplits,
  buildSalesIndex,
  calibrateFilledRange,
  evaluateHoldouts,
  isHoldoutSplit,
  fitValuationModel,
  formatAccuracyTable,
  prepareRows,
  VALUATION_GBM_PARAMS,
  type AccuracyRow,
  type IndexedSale,
  type MarketMovement,
  type PreparedRows,
  type SalesIndex,
  type SplitName,
  type ValuationModel,
} from '@propguard/engines';

/** Seed of the hold-out and validation splits (fixed: the published figures are reproducible). */
export const SPLIT_SEED = 7;
/** Mean log price used before any training (replaced by the training mean in the artifact). */
const PROVISIONAL_ANCHOR = 13.5;

export interface EvaluationRun {
  index: SalesIndex;
  rows: PreparedRows;
  splits: SplitName[];
  model: ValuationModel;
  /** Row of index.sales -> the evaluation model's estimate, for every hold-out sale. */
  holdoutEstimates: Map<number, number>;
  accuracy: AccuracyRow[];
}

function elapsed(startedAt: number): string {
  return `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
}

export interface EvaluationIndex {
  /** Every sale; the market index fitted without the hold-outs' prices. */
  index: SalesIndex;
  /** Per row of index.sales: its split (the hold-outs included). */
  splits: SplitName[];
  holdoutIds: Set<number>;
}

/**
 * The evaluation's sales index and splits. The hold-outs' prices must not shape the market index
 * the evaluation model adjusts prices by: the splits are drawn on the index order, then the index
 * is rebuilt without those prices (the same sales in the same order, so the splits still apply).
 */
export function buildEvaluationIndex(sales: IndexedSale[], movement: MarketMovement | null): EvaluationIndex {
  const ordered = buildSalesIndex(sales);
  const splits = assignSplits(ordered.sales, SPLIT_SEED, true);
  const holdoutIds = new Set(ordered.sales.filter((_sale, row) => isHoldoutSplit(splits[row])).map((sale) => sale.id));
  return { index: buildSalesIndex(sales, { priceIndexExcludes: holdoutIds, movement }), splits, holdoutIds };
}

/**
 * Fit the evaluation model (hold-outs excluded) and measure it on the hold-outs. `movement` (the ABS
 * series) bridges a market's index past its first gap, as in production (buildSalesIndex).
 */
export function runEvaluation(sales: IndexedSale[], movement: MarketMovement | null, log: (message: string) => void, startedAt: number): EvaluationRun {
  const { index, splits, holdoutIds } = buildEvaluationIndex(sales, movement);
  log(`indexed ${index.sales.length.toLocaleString('en-AU')} market sales (${index.firstSaleDate} to ${index.lastSaleDate}); market index without the ${holdoutIds.size.toLocaleString('en-AU')} hold-out prices [${elapsed(startedAt)}]`);
  const rows = prepareRows(index, PROVISIONAL_ANCHOR);
  log(`features computed (each sale sees only earlier sales) [${elapsed(startedAt)}]`);
  const fit = fitValuationModel(rows, splits, { id: 'evaluation', params: VALUATION_GBM_PARAMS }, (message) => log(`  evaluation model ${message}`));
  fit.model.artifact.intervals.filledScale = calibrateFilledRange(fit.model, index, splits);
  log(`evaluation model: ${fit.model.gbm.trees.length} trees; range with typical attributes x${JSON.stringify(fit.model.artifact.intervals.filledScale)} [${elapsed(startedAt)}]`);
  const holdoutEstimates = new Map<number, number>();
  const accuracy = evaluateHoldouts(fit.model, index, splits, (row, estimate) => holdoutEstimates.set(row, estimate));
  return { index, rows, splits, model: fit.model, accuracy, holdoutEstimates };
}

export function runTrain(sales: IndexedSale[], movement: MarketMovement | null, outPath: string, log: (message: string) => void): ValuationModel {
  const startedAt = performance.now();
  const evaluation = runEvaluation(sales, movement, log, startedAt);
  log(formatAccuracyTable(evaluation.accuracy));
  // The shipped model learns on the features the server computes: the index of every sale, with the ABS series.
  const fullIndex = buildSalesIndex(sales, { movement });
  const fullRows = prepareRows(fullIndex, PROVISIONAL_ANCHOR);
  log(`features recomputed on the full market index [${elapsed(startedAt)}]`);
  const splits = assignSplits(fullRows.sales, SPLIT_SEED + 1, false);
  const id = `avm-${evaluation.index.lastSaleDate.replaceAll('-', '')}-${VALUATION_GBM_PARAMS.seed}`;
  const fit = fitValuationModel(fullRows, splits, { id, params: VALUATION_GBM_PARAMS }, (message) => log(`  shipped model ${message}`));
  const artifact = fit.model.artifact;
  artifact.intervals.filledScale = calibrateFilledRange(fit.model, fullIndex, splits);
  log(`shipped model: range with typical attributes x${JSON.stringify(artifact.intervals.filledScale)} [${elapsed(startedAt)}]`);
  artifact.metrics.trainingSeconds = Math.round((performance.now() - startedAt) / 100) / 10;
  artifact.metrics.holdout = evaluation.accuracy;
  artifact.metrics.holdoutNote =
    'Measured by the evaluation model, fitted on the same features and settings without the hold-outs (latest 5% of each city by sale date; 3% at random, seed 7). Each hold-out sale is valued as at its date from earlier sales only; a latest sale with its market index refitted on every sale before its month, as production values with the index of every sale it holds. The shipped model is refitted on all sales.';
  mkdirSync(dirname(outPath), { recursive: true });
  const json = JSON.stringify(artifact);
  writeFileSync(outPath, `${json}\n`);
  log(`wrote ${outPath} (${(json.length / 1e6).toFixed(2)} MB, model ${id}, ${artifact.trees.length} trees) in ${elapsed(startedAt)}`);
  return fit.model;
}
