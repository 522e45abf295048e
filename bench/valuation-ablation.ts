/**
 * `npm run bench:valuation-ablation`: issue 17's ablation. Features are computed once (each sale
 * as at its own date, from earlier sales only; the market index without the hold-out prices), then
 * one evaluation model is fitted per variant, each adding a group of features (or changing the
 * learner's settings) to the one before, and measured on the same hold-outs as bench:valuation
 * (latest 5% and random 3% of each city). Prints one Markdown row per variant and hold-out line.
 * `ABLATION_VARIANTS=0,9` runs only the variants at those positions.
 *
 * Then two measurements beside the chain, with the shipped features and settings (skipped with
 * ABLATION_VARIANTS unless it names `loo`):
 * - training rows leave-one-out: each training row's features from every other training sale,
 *   later ones too (the hold-outs still valued from earlier sales only);
 * - a diagnostic of the protocol, not a model: the random hold-outs valued from every training
 *   sale, later ones too, instead of earlier ones only (what a random split with leave-one-out
 *   comparables measures).
 */
import {
  CITY_BY_STATE,
  buildSalesIndex,
  evaluateHoldouts,
  FEATURE_NAMES,
  fitValuationModel,
  prepareRows,
  VALUATION_GBM_PARAMS,
  type AccuracyRow,
  type GbmParams,
  type ValuationModel,
} from '@propguard/engines';
import { computeFeatures } from '../packages/engines/src/valuation/features.ts';
import { predictLogPrice } from '../packages/engines/src/valuation/value-property.ts';
import { buildEvaluationIndex } from '../apps/cli/src/commands/train.ts';
import { loadBenchMovement, loadBenchSales } from './load-sales.ts';

const BASE = ['lat', 'lng', 'propertyType', 'bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt', 'regionLevel', 'nearbyLevel', 'nearbyDistanceKm', 'nearbyDispersion', 'nearbyCount', 'suburbLevel', 'suburbSaleCount'];
const GROUPS: { name: string; add: string[]; params?: Partial<GbmParams>; smoothing?: boolean }[] = [
  { name: 'base (previous model\'s features and settings)', add: [] },
  { name: '+ comparable-sales level, spread, age', add: ['compRel', 'compSpread', 'compAgeYears'] },
  { name: '+ suburb and market level relative to the anchor', add: ['suburbRel', 'regionRel'] },
  { name: '+ land, building, bedroom, bathroom against the comparables', add: ['landRatio', 'buildingRatio', 'bedroomDiff', 'bathroomDiff'] },
  { name: '+ distance and bearing to the CBD, rotated coordinates', add: ['cbdDistanceKm', 'cbdBearing', 'rotatedA', 'rotatedB'] },
  { name: '+ own previous sale (time-adjusted) and its age', add: ['ownSaleRel', 'ownSaleAgeMonths'] },
  { name: '+ spatial residual smoothing (second stage)', add: [], smoothing: true },
  { name: '+ suburb x type x bedrooms level (target encoding) and count', add: ['suburbBedroomRel', 'suburbBedroomCount'] },
  { name: '+ Huber loss (residuals clipped at 0.15 in the gradient)', add: [], params: { huberDelta: 0.15 } },
  { name: '+ the comparables\' price per m² of land and of building, carried to the subject\'s size', add: ['landPpmRel', 'buildingPpmRel'] },
  { name: '+ tuned learner (learning rate 0.05, more trees)', add: [], params: { learningRate: 0.05, maxTrees: 1600, minLeafRows: 30, earlyStoppingRounds: 40 } },
];
/** The variant that is the shipped model's features and settings. */
const SHIPPED = 9;

/** The previous model's learner settings (the variants change them only where they say so). */
const BASE_PARAMS: Partial<GbmParams> = { learningRate: 0.1, maxTrees: 800, minLeafRows: 40, earlyStoppingRounds: 25 };

const startedAt = performance.now();
const seconds = () => `${((performance.now() - startedAt) / 1000).toFixed(0)} s`;
const sales = await loadBenchSales();
const { index, splits, holdoutIds } = buildEvaluationIndex(sales, await loadBenchMovement());
const rows = prepareRows(index, 13.5);
console.error(`features of ${rows.sales.length} sales computed [${seconds()}]`);
const only = process.env.ABLATION_VARIANTS?.split(',');
const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
const LINES = [['time', 'Melbourne'], ['time', 'Perth'], ['time', 'Sydney'], ['random', 'Melbourne'], ['random', 'Perth'], ['random', 'Sydney']] as const;
function printRow(name: string, trees: number | string, accuracy: AccuracyRow[]) {
  const cells = LINES.map(([holdout, city]) => {
    const row = accuracy.find((item) => item.holdout.startsWith(holdout) && item.city === city);
    return row ? `${percent(row.mdape)} / ${percent(row.ppe10)} / ${percent(row.coverage80)}` : '-';
  });
  const mean = accuracy.reduce((sum, row) => sum + row.mdape, 0) / Math.max(1, accuracy.length);
  console.log(`| ${name} | ${trees} | ${cells.join(' | ')} | ${percent(mean)} |`);
}
console.log('| variant | trees | Melbourne latest | Perth latest | Sydney latest | Melbourne random | Perth random | Sydney random | mean MdAPE |');
console.log('|---|--:|---|---|---|---|---|---|--:|');
const enabled = new Set(BASE);
let params: GbmParams = { ...VALUATION_GBM_PARAMS, ...BASE_PARAMS };
let smoothing = false;
let shipped: { params: GbmParams; enabled: Set<string>; model?: ValuationModel } | null = null;
for (const [position, group] of GROUPS.entries()) {
  for (const name of group.add) {
    if (!FEATURE_NAMES.includes(name as (typeof FEATURE_NAMES)[number])) throw new Error(`unknown feature ${name}`);
    enabled.add(name);
  }
  if (group.params) params = { ...params, ...group.params };
  if (group.smoothing) smoothing = true;
  if (position === SHIPPED) shipped = { params, enabled: new Set(enabled) };
  if (only && !only.includes(String(position))) continue;
  const fit = fitValuationModel(rows, splits, { id: `ablation-${position}`, params, enabledFeatures: new Set(enabled), smoothing });
  printRow(group.name, fit.model.gbm.trees.length, evaluateHoldouts(fit.model, index, splits));
  if (position === SHIPPED) shipped!.model = fit.model;
  console.error(`variant ${position} done [${seconds()}]`);
}

if (!only || only.includes('loo')) {
  const settings = shipped!;
  // The training sales only (no hold-out) are the leave-one-out pool; its market index is the same
  // as the evaluation's (fitted on the same prices).
  const pool = buildSalesIndex(sales.filter((sale) => !holdoutIds.has(sale.id)), { movement: index.movement });
  const looRows = prepareRows(index, 13.5, { leaveOneOut: { pool, rows: (row) => splits[row] === 'train' } });
  console.error(`leave-one-out features computed [${seconds()}]`);
  const loo = fitValuationModel(looRows, splits, { id: 'ablation-loo', params: settings.params, enabledFeatures: settings.enabled, smoothing: true });
  printRow('shipped features, training rows leave-one-out (every other training sale, later ones too)', loo.model.gbm.trees.length, evaluateHoldouts(loo.model, index, splits));
  // The shipped settings' model as the chain fitted it, or fitted here when the chain skipped it.
  const asAt = settings.model ?? fitValuationModel(rows, splits, { id: 'ablation-shipped', params: settings.params, enabledFeatures: settings.enabled, smoothing: true }).model;
  console.log('\nDiagnostic (not a model): the random hold-outs valued by the shipped settings\' evaluation model from earlier training sales only (the protocol) and from every training sale, later ones too. MdAPE / PPE10:\n');
  console.log('| random hold-out | earlier sales only | every training sale, later ones too |\n|---|---|---|');
  for (const city of Object.values(CITY_BY_STATE)) {
    const measure = (model: ValuationModel, leaveOut: boolean) => {
      const errors: number[] = [];
      index.sales.forEach((sale, row) => {
        if (splits[row] !== 'randomHoldout' || CITY_BY_STATE[sale.state ?? ''] !== city) return;
        const features = leaveOut ? computeFeatures(pool, sale, sale.saleDate, model.artifact.meanAnchor, { saleId: sale.id }) : computeFeatures(index, sale, sale.saleDate, model.artifact.meanAnchor);
        errors.push(Math.abs(Math.exp(predictLogPrice(model, features)) / sale.priceAud - 1));
      });
      errors.sort((a, b) => a - b);
      return `${percent(errors[errors.length >> 1]!)} / ${percent(errors.filter((error) => error <= 0.1).length / errors.length)}`;
    };
    console.log(`| ${city} | ${measure(asAt, false)} | ${measure(asAt, true)} |`);
  }
  console.error(`leave-one-out done [${seconds()}]`);
}
console.log('\nEach cell: MdAPE / PPE10 / share in the 80% range.');
