/**
 * `npm run bench:valuation-ablation`: the issue-17 ablation. Features are computed once (each sale
 * as at its own date, from earlier sales only; the market index without the hold-out prices), then
 * one evaluation model is fitted per variant, each adding a group of features (or changing the
 * learner's settings) to the one before, and measured on the same hold-outs as bench:valuation
 * (latest 5% and random 3% of each city). Prints one Markdown row per variant and hold-out line.
 * `ABLATION_VARIANTS=base,comparables` runs only the named variants.
 */
import { assignSplits, buildSalesIndex, evaluateHoldouts, FEATURE_NAMES, fitValuationModel, prepareRows, VALUATION_GBM_PARAMS, type GbmParams } from '@propguard/engines';
import { SPLIT_SEED } from '../apps/cli/src/commands/train.ts';
import { loadBenchSales } from './load-sales.ts';

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
  { name: '+ tuned learner (learning rate 0.05, more trees)', add: [], params: { learningRate: 0.05, maxTrees: 1600, minLeafRows: 30, earlyStoppingRounds: 40 } },
];

/** The previous model's learner settings (the variants change them only where they say so). */
const BASE_PARAMS: Partial<GbmParams> = { learningRate: 0.1, maxTrees: 800, minLeafRows: 40, earlyStoppingRounds: 25 };

const startedAt = performance.now();
const seconds = () => `${((performance.now() - startedAt) / 1000).toFixed(0)} s`;
const sales = await loadBenchSales();
const ordered = buildSalesIndex(sales);
const holdoutSplits = assignSplits(ordered.sales, SPLIT_SEED, true);
const holdoutIds = new Set(ordered.sales.filter((_sale, row) => holdoutSplits[row] === 'timeHoldout' || holdoutSplits[row] === 'randomHoldout').map((sale) => sale.id));
const index = buildSalesIndex(sales, { priceIndexExcludes: holdoutIds });
const rows = prepareRows(index, 13.5);
const splits = assignSplits(rows.sales, SPLIT_SEED, true);
console.error(`features of ${rows.sales.length} sales computed [${seconds()}]`);
const only = process.env.ABLATION_VARIANTS?.split(',');
const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
console.log('| variant | trees | Melbourne latest | Perth latest | Sydney latest | Melbourne random | Perth random | Sydney random | mean MdAPE |');
console.log('|---|--:|---|---|---|---|---|---|--:|');
const enabled = new Set(BASE);
let params: GbmParams = { ...VALUATION_GBM_PARAMS, ...BASE_PARAMS };
let smoothing = false;
for (const [position, group] of GROUPS.entries()) {
  for (const name of group.add) {
    if (!FEATURE_NAMES.includes(name as (typeof FEATURE_NAMES)[number])) throw new Error(`unknown feature ${name}`);
    enabled.add(name);
  }
  if (group.params) params = { ...params, ...group.params };
  if (group.smoothing) smoothing = true;
  if (only && !only.includes(String(position))) continue;
  const fit = fitValuationModel(rows, splits, { id: `ablation-${position}`, params, enabledFeatures: new Set(enabled), smoothing });
  const accuracy = evaluateHoldouts(fit.model, index, splits);
  const cell = (holdout: string, city: string) => {
    const row = accuracy.find((item) => item.holdout.startsWith(holdout) && item.city === city);
    return row ? `${percent(row.mdape)} / ${percent(row.ppe10)} / ${percent(row.coverage80)}` : '-';
  };
  const mean = accuracy.reduce((sum, row) => sum + row.mdape, 0) / Math.max(1, accuracy.length);
  console.log(
    `| ${group.name} | ${fit.model.gbm.trees.length} | ${cell('time', 'Melbourne')} | ${cell('time', 'Perth')} | ${cell('time', 'Sydney')} | ${cell('random', 'Melbourne')} | ${cell('random', 'Perth')} | ${cell('random', 'Sydney')} | ${percent(mean)} |`,
  );
  console.error(`variant ${position} done [${seconds()}]`);
}
console.log('\nEach cell: MdAPE / PPE10 / share in the 80% range.');
