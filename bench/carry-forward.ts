/**
 * `npm run bench:carry-forward`: how well the ABS series carry a valuation forward (issue 31).
 *
 * Backtest on our own sales. The evaluation model of `npm run bench:valuation` (fitted without the
 * latest 5% of each city's sales and 3% at random) values each latest (time hold-out) sale sold at t
 * from the local sales before t - h only, then the ABS series of its region and dwelling kind carry
 * that value from t - h to t, for h = 0 (no carry), 6, 12, 24 and 36 months. The valued sales are
 * split in five folds by a hash of the id; each fold is reported with the calibration fitted on the
 * other four: per market and horizon, the log standard deviation the carry adds to the range where it
 * holds under 80% (to 80.5%), or a scale below 1 where it holds over 81.5% (to 80.5%), and per horizon
 * and evidence level the multiplier that makes ± 1 FSD hold 68%. Reported: MdAPE, PPE10, 80% coverage
 * and ± 1 FSD hits, per city and horizon, and hit rates by FSD band. The shipped calibration
 * (models/carry-forward.json) is fitted on every fold.
 *
 * Then, for Melbourne houses (issue 31 item 4), the same sales carried by their suburb's annual
 * median house price (the Valuer-General's, data/vic-suburb-median-prices-and-rents; suburbCarry of
 * the engines) instead of the ABS series, and, without sales, how far each Melbourne locality's
 * published median moves from the ABS carry over 1-4 years and 2018 -> 2020/2021.
 *
 *   npm run bench:carry-forward                 # print the figures
 *   npm run bench:carry-forward -- --write      # and write models/carry-forward.json
 *   npm run bench:carry-forward -- --shipped    # quick look with the shipped model (it saw these sales: not a measurement)
 *   BENCH_CARRY_MIN_HISTORY=6 npm run bench:carry-forward   # Melbourne reaches h = 12 (exploration: no --write)
 *
 * Reads the database named by DATABASE_URL / PROPGUARD_HOME and data/ (PROPGUARD_DATA_PATH).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadVicLocalityMedians } from '@propguard/db';
import {
  CITY_BY_STATE,
  EVIDENCE_LEVELS,
  absRegionOf,
  buildMarketMovement,
  buildSuburbMovement,
  carryForward,
  parseAbsMedianTable,
  parseValuationModel,
  suburbCarry,
  valuePoint,
  isWithheldFromRefits,
  withMarketIndexRefitted,
  type CarryForwardCalibration,
  type EvidenceLevel,
  type IndexedSale,
  type SalesIndex,
  type SplitName,
  type SuburbCarryMethod,
  type ValuationModel,
} from '@propguard/engines';
import { buildEvaluationIndex, runEvaluation } from '../apps/cli/src/commands/train.ts';
import { loadCliConfig } from '../apps/cli/src/config.ts';
import { loadBenchMovement, loadBenchSales } from './load-sales.ts';

/** Backtest horizons, months (BENCH_CARRY_HORIZONS='0,6,12,18' to explore; the shipped calibration is measured on the default). */
const HORIZONS = process.env.BENCH_CARRY_HORIZONS ? process.env.BENCH_CARRY_HORIZONS.split(',').map(Number) : [0, 6, 12, 24, 36];
const Z_80 = 1.2816;
/**
 * Target sales per city and horizon (every latest sale when fewer: Melbourne 984, Perth 1,535). Each
 * half of 700 (350) measured a line's coverage to about ±3 points, wider than the 78-83% band it is
 * read against; 2,000 (Sydney's 2,000 of 9,610) narrows that to about ±2 (Perth, Sydney).
 */
const PER_CITY = Number(process.env.BENCH_CARRY_SALES ?? 2000);
const args = new Set(process.argv.slice(2));
const config = loadCliConfig();
const started = performance.now();
const log = (message: string) => console.error(`${message} [${((performance.now() - started) / 1000).toFixed(0)} s]`);

// The NSW Valuer General's files hold five months of contract dates (October 2020 - March 2021) and no
// earlier local sales for most of regional NSW: they cannot be valued from sales h months before. The
// backtest values the latest sales of the sets with a history (Melbourne, Perth, Sydney's data set:
// the Valuer General's are never in that hold-out), with the model of the shipped recipe, trained on
// every set.
const sales = await loadBenchSales();
log(`${sales.length.toLocaleString('en-AU')} sales loaded`);
// The series alone, uncalibrated: the backtest measures the raw carry and calibrates it.
const zero: CarryForwardCalibration = { horizonMonths: [6], sigmaLog: { '*': [0] }, rangeScale: { '*': [1] }, backtest: [], fsdBands: [], fsd: { horizonMonths: [0], evidence: [...EVIDENCE_LEVELS], multiplier: [[1, 1, 1]] }, note: 'uncalibrated' };
const loaded = await loadBenchMovement().catch(() => null);
const movement = loaded ? { ...loaded, calibration: zero } : buildMarketMovement(parseAbsMedianTable([]), zero);

let model: ValuationModel;
let index: SalesIndex;
let splits: readonly SplitName[];
const cache = resolve('.propguard/bench/evaluation-model.json');
let modelKey = 'shipped';
if (args.has('--shipped')) {
  model = parseValuationModel(JSON.parse(readFileSync(resolve('models/current.json'), 'utf8')));
  ({ index, splits } = buildEvaluationIndex(sales, movement));
  log('shipped model (it was fitted on these sales: a quick look, not a measurement)');
} else {
  const built = buildEvaluationIndex(sales, movement);
  // The recipe's version too: a cache from before the ABS bridge of a market's gap is not this model.
  const key = `${sales.length}|${built.index.lastSaleDate}|bridged-gap`;
  modelKey = key;
  const cached = existsSync(cache) ? (JSON.parse(readFileSync(cache, 'utf8')) as { key: string; artifact: unknown }) : null;
  if (cached?.key === key) {
    model = parseValuationModel(cached.artifact);
    ({ index, splits } = built);
    log('evaluation model read from the cache (.propguard/bench/evaluation-model.json)');
  } else {
    const run = runEvaluation(sales, movement, log, started);
    model = run.model;
    ({ index, splits } = run);
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(cache, JSON.stringify({ key, artifact: run.model.artifact }));
  }
}
// Prices the index must not know from an origin's month on: the hold-outs', and the Valuer General's (they run later).
const withheld = index.sales.filter((sale, row) => isWithheldFromRefits(sale, splits[row]));

function monthsBefore(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - months;
  const shifted = new Date(Date.UTC(year, month, Math.min(Number(date.slice(8, 10)), 28)));
  return shifted.toISOString().slice(0, 10);
}

/** A market is backtested from an origin with at least this many months of its own sales before it (BENCH_CARRY_MIN_HISTORY to explore: Melbourne's 26 months of sales reach h = 12 only with less). */
const MIN_HISTORY_MONTHS = Number(process.env.BENCH_CARRY_MIN_HISTORY ?? 12);
if (args.has('--write') && (process.env.BENCH_CARRY_HORIZONS || process.env.BENCH_CARRY_MIN_HISTORY)) throw new Error('--write measures the shipped calibration: unset BENCH_CARRY_HORIZONS and BENCH_CARRY_MIN_HISTORY');

interface Outcome {
  state: string;
  city: string;
  horizon: number;
  id: number;
  sale: IndexedSale;
  origin: string;
  /** ln of the ABS carry factor in the estimate (0 at h = 0). */
  absLogFactor: number;
  /** ln(price / estimate) */
  error: number;
  /** Log half-widths of the model's range (before any carry widening). */
  below: number;
  above: number;
  evidence: EvidenceLevel;
}

// The valued sales are kept beside the evaluation model (.propguard/bench/carry-outcomes.json): a
// change to the calibration below re-runs in seconds, not the minutes of valuing them again.
const outcomesCache = resolve('.propguard/bench/carry-outcomes.json');
const outcomesKey = `${modelKey}|${HORIZONS.join(',')}|${PER_CITY}|${MIN_HISTORY_MONTHS}`;
const saleById = new Map(index.sales.map((sale) => [sale.id, sale]));
const kept = existsSync(outcomesCache) ? (JSON.parse(readFileSync(outcomesCache, 'utf8')) as { key: string; outcomes: Omit<Outcome, 'sale'>[] }) : null;
const outcomes: Outcome[] = [];
if (kept?.key === outcomesKey) {
  for (const o of kept.outcomes) outcomes.push({ ...o, sale: saleById.get(o.id)! });
  log(`${outcomes.length.toLocaleString('en-AU')} valued sales read from the cache (${outcomesCache.replace(`${process.cwd()}/`, '')})`);
} else {
  const refits = new Map<string, SalesIndex>();
  for (const [state, city] of Object.entries(CITY_BY_STATE)) {
    const targets = index.sales.filter((sale, row) => splits[row] === 'timeHoldout' && sale.state === state);
    const step = Math.max(1, Math.floor(targets.length / PER_CITY));
    const chosen = targets.filter((_sale, i) => i % step === 0).slice(0, PER_CITY);
    // The market's history starts at its 1,000th sale (a few strays of other sets sold decades earlier).
    const firstLocal = index.sales.filter((sale) => sale.state === state)[999]!.saleDate;
    const earliestOrigin = monthsBefore(firstLocal, -MIN_HISTORY_MONTHS);
    for (const horizon of HORIZONS) {
      let valued = 0;
      for (const sale of chosen) {
        const origin = monthsBefore(sale.saleDate, horizon);
        if (origin < earliestOrigin) continue;
        // The market index as production would have had it at the origin: refitted without every withheld price from the origin's month on.
        const month = `${origin.slice(0, 7)}-01`;
        const key = `${state}|${month}`;
        let at = refits.get(key);
        if (!at) {
          at = { ...withMarketIndexRefitted(index, state, new Set(withheld.filter((other) => other.saleDate >= month).map((other) => other.id))), movement };
          refits.set(key, at);
        }
        const point = valuePoint(model, at, sale, sale.saleDate, origin);
        if (!Number.isFinite(point.estimate) || point.estimate <= 0) continue;
        // The range before the carry's widening (the calibration's sigma is 0 here): the model's own.
        const logEstimate = Math.log(point.estimate);
        outcomes.push({ state, city, horizon, id: sale.id, sale, origin, absLogFactor: Math.log(point.carryForward?.factor ?? 1), error: Math.log(sale.priceAud) - logEstimate, below: logEstimate - Math.log(point.low), above: Math.log(point.high) - logEstimate, evidence: point.evidence });
        valued += 1;
      }
      log(`${city}, h = ${horizon} months: ${valued} sales valued`);
    }
  }
  mkdirSync(dirname(outcomesCache), { recursive: true });
  writeFileSync(outcomesCache, JSON.stringify({ key: outcomesKey, outcomes: outcomes.map(({ sale: _sale, ...rest }) => rest) }));
}

/** The carried range's log half-widths (carryRange of the engines): the model's scaled, plus the carry's sd in quadrature. */
type Fit = { sigma: number; scale: number };
const widened = (o: Outcome, fit: Fit) => {
  const extra = (Z_80 * fit.sigma) ** 2;
  return { below: Math.sqrt((fit.scale * o.below) ** 2 + extra), above: Math.sqrt((fit.scale * o.above) ** 2 + extra) };
};
const covered = (o: Outcome, fit: Fit) => {
  const range = widened(o, fit);
  return o.error >= -range.below && o.error <= range.above;
};
const fsdRaw = (o: Outcome, fit: Fit) => {
  const range = widened(o, fit);
  return (range.below + range.above) / (2 * Z_80);
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
};

/**
 * K-fold cross-fitting. A sale's fold is the top bits of its id times Knuth's multiplicative-hash
 * constant (even and odd ids were not independent: Sydney's 6-month line held 84.7% on the odd half
 * calibrated on the even one, and 75.6% the other way round). Each fold is reported with the
 * calibration fitted on the other four, so every valued sale is reported, each by a calibration that
 * never saw it; the shipped calibration is fitted on all of them. (Until 29 November 2026 one half
 * calibrated and the other was reported: a line of 400-800 sales measured its coverage to about ±2-3
 * points, and the calibration's own noise added as much again.)
 */
const FOLDS = 5;
const foldOf = (id: number) => Math.floor(((Math.imul(id, 2_654_435_761) >>> 0) / 2 ** 32) * FOLDS);
/** The value in [low, high] where `coverage` crosses `target` (coverage rises with the value). */
function bisect(coverage: (value: number) => number, low: number, high: number, target: number): number {
  for (let i = 0; i < 40; i += 1) {
    const middle = (low + high) / 2;
    if (coverage(middle) < target) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The band the 80% range must hold on sales it never saw is 78-83%. The calibration aims at the
 * band's lower-middle from either side: where the model's range (with the shorter horizons' added sd)
 * holds less than WIDEN_BELOW of the calibrating sales, the carry's sd is added until it holds
 * TARGET; where it holds more than SHRINK_ABOVE, the model's half-widths are scaled down until it
 * holds TARGET; in between it is left as it is.
 */
const WIDEN_BELOW = 0.8;
const SHRINK_ABOVE = 0.815;
const TARGET = 0.805;

/**
 * Per horizon, what makes the 80% range hold 78-83% of unseen sales: the carry's added log sd where
 * the range holds too little (never shrinking with the horizon), or a scale below 1 of the model's
 * range where it holds too much. Horizon 0 is the model's own calibration, left as it is.
 */
function calibrate(rows: Outcome[]): Map<number, Fit> {
  const fits = new Map<number, Fit>();
  let floor = 0;
  for (const horizon of HORIZONS) {
    const at = rows.filter((o) => o.horizon === horizon);
    let fit: Fit = { sigma: 0, scale: 1 };
    if (horizon > 0 && at.length >= 30) {
      const coverage = (candidate: Fit) => at.filter((o) => covered(o, candidate)).length / at.length;
      const unchanged = coverage({ sigma: floor, scale: 1 });
      if (unchanged < WIDEN_BELOW) fit = { sigma: bisect((sigma) => coverage({ sigma, scale: 1 }), floor, 1.5, TARGET), scale: 1 };
      else if (unchanged > SHRINK_ABOVE) fit = { sigma: floor, scale: bisect((scale) => coverage({ sigma: floor, scale }), 0.3, 1, TARGET) };
      else fit = { sigma: floor, scale: 1 };
    } else if (horizon > 0) {
      fit = { sigma: floor, scale: 1 };
    }
    floor = Math.max(floor, fit.sigma);
    fits.set(horizon, { sigma: Math.round(fit.sigma * 10_000) / 10_000, scale: Math.round(fit.scale * 1000) / 1000 });
  }
  return fits;
}
const states = Object.keys(CITY_BY_STATE);
const carrying = HORIZONS.filter((horizon) => horizon > 0);

/** Everything calibrated on `rows`: the range's fit per market and horizon, and the FSD's multipliers per horizon and evidence level. */
function calibrateAll(rows: Outcome[]) {
  const fitTable = new Map<string, Map<number, Fit>>([['*', calibrate(rows)], ...states.map((state) => [state, calibrate(rows.filter((o) => o.state === state))] as [string, Map<number, Fit>])]);
  // A market whose backtest stops short of a horizon (Melbourne: 26 months of sales) takes the larger of its last and the pooled sigma beyond it, at full range.
  for (const state of states) {
    const own = fitTable.get(state)!;
    const reached = Math.max(...rows.filter((o) => o.state === state).map((o) => o.horizon));
    for (const horizon of HORIZONS) if (horizon > reached) own.set(horizon, { sigma: Math.max(own.get(reached)?.sigma ?? 0, fitTable.get('*')!.get(horizon)!.sigma), scale: 1 });
  }
  const fitOf = (o: Outcome) => fitTable.get(o.state)!.get(o.horizon)!;
  const multipliers = HORIZONS.map((horizon) => {
    const all = rows.filter((o) => o.horizon === horizon);
    const ratio = (subset: Outcome[]) => (subset.length >= 30 ? quantile(subset.map((o) => Math.abs(o.error) / fsdRaw(o, fitOf(o))), 0.68) : null);
    const pooled = ratio(all) ?? 1;
    return EVIDENCE_LEVELS.map((level) => Math.round((ratio(all.filter((o) => o.evidence === level)) ?? pooled) * 1000) / 1000);
  });
  const fsdOf = (o: Outcome) => fsdRaw(o, fitOf(o)) * multipliers[HORIZONS.indexOf(o.horizon)]![EVIDENCE_LEVELS.indexOf(o.evidence)]!;
  return { fitTable, fitOf, multipliers, fsdOf };
}

const shipped = calibrateAll(outcomes);
const crossFitted = Array.from({ length: FOLDS }, (_fold, fold) => calibrateAll(outcomes.filter((o) => foldOf(o.id) !== fold)));
/** A sale's range and FSD as a calibration that never saw it gives them. */
const fitOf = (o: Outcome) => crossFitted[foldOf(o.id)]!.fitOf(o);
const fsdOf = (o: Outcome) => crossFitted[foldOf(o.id)]!.fsdOf(o);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const backtest: CarryForwardCalibration['backtest'] = [];
for (const city of [...Object.values(CITY_BY_STATE), 'all']) {
  for (const horizon of HORIZONS) {
    const rows = outcomes.filter((o) => o.horizon === horizon && (city === 'all' || o.city === city));
    const ape = rows.map((o) => Math.abs(Math.exp(-o.error) - 1));
    const share = (count: number) => (rows.length === 0 ? null : round4(count / rows.length));
    backtest.push({
      city,
      horizonMonths: horizon,
      sales: rows.length,
      mdape: rows.length === 0 ? null : round4(quantile(ape, 0.5)),
      ppe10: share(ape.filter((e) => e <= 0.1).length),
      coverage80: share(rows.filter((o) => covered(o, fitOf(o))).length),
      fsdHits: share(rows.filter((o) => Math.abs(o.error) <= fsdOf(o)).length),
    });
  }
}
const bands: [string, number, number][] = [['FSD up to 10% (High)', 0, 0.1], ['10-20% (Medium)', 0.1, 0.2], ['over 20% (Low)', 0.2, Infinity]];
const fsdBands: CarryForwardCalibration['fsdBands'] = bands.flatMap(([band, from, to]) => {
  const rows = outcomes.filter((o) => fsdOf(o) > from && fsdOf(o) <= to);
  if (rows.length === 0) return [];
  const ape = rows.map((o) => Math.abs(Math.exp(-o.error) - 1));
  return [{ band, sales: rows.length, withinFsd: round4(rows.filter((o) => Math.abs(o.error) <= fsdOf(o)).length / rows.length), within10: round4(ape.filter((e) => e <= 0.1).length / rows.length), mdape: round4(quantile(ape, 0.5)) }];
});
const calibration: CarryForwardCalibration = {
  horizonMonths: carrying,
  sigmaLog: Object.fromEntries([...shipped.fitTable].map(([market, fits]) => [market, carrying.map((horizon) => fits.get(horizon)!.sigma)])),
  rangeScale: Object.fromEntries([...shipped.fitTable].map(([market, fits]) => [market, carrying.map((horizon) => fits.get(horizon)!.scale)])),
  fsd: { horizonMonths: HORIZONS, evidence: [...EVIDENCE_LEVELS], multiplier: shipped.multipliers },
  note:
    `Backtest of ${new Date().toISOString().slice(0, 10)} (npm run bench:carry-forward${args.has('--shipped') ? ' -- --shipped: the shipped model, which saw these sales' : ': the evaluation model, fitted without these sales'}): ` +
    `the latest sales of Melbourne, Perth and Sydney valued from the local sales before t - h and carried to t by the ABS series; ${outcomes.length.toLocaleString('en-AU')} valuations in ${FOLDS} folds (by a hash of the sale's id), each fold reported with the calibration fitted on the other ${FOLDS - 1}; the shipped calibration is fitted on all of them.`,
  backtest,
  fsdBands,
};

const pct = (value: number | null) => (value === null ? '-' : `${(100 * value).toFixed(1)}%`);
console.log(`\n## Carry-forward backtest (${args.has('--shipped') ? 'shipped model: NOT a measurement' : 'evaluation model, sales it never saw'})\n`);
console.log('| city | horizon | sales | MdAPE | PPE10 | 80% coverage (cross-fitted) | ±1 FSD hits (target 68%) | added log sd / range scale |\n|---|--:|--:|--:|--:|--:|--:|--:|');
for (const row of backtest) {
  const sample = outcomes.find((o) => o.horizon === row.horizonMonths && o.city === row.city);
  const fit = row.city === 'all' ? 'per market' : sample ? `${shipped.fitOf(sample).sigma.toFixed(3)} / ×${shipped.fitOf(sample).scale.toFixed(2)}` : '-';
  console.log(`| ${row.city} | ${row.horizonMonths} months | ${row.sales} | ${pct(row.mdape)} | ${pct(row.ppe10)} | ${pct(row.coverage80)} | ${pct(row.fsdHits)} | ${fit} |`);
}
console.log('\n| FSD band | sales | within ± 1 FSD | within 10% | MdAPE |\n|---|--:|--:|--:|--:|');
for (const row of fsdBands) console.log(`| ${row.band} | ${row.sales} | ${pct(row.withinFsd)} | ${pct(row.within10)} | ${pct(row.mdape)} |`);
// The same cross-fitting with the folds made of whole months of sale (each month's sales share their
// market's move, which the folds by id share between calibration and report): a harsher check.
const monthFold = (o: Outcome) => Number(o.sale.saleDate.slice(0, 4)) * 12 + Number(o.sale.saleDate.slice(5, 7));
const byMonth = new Map<number, ReturnType<typeof calibrateAll>>();
for (const month of new Set(outcomes.map(monthFold))) byMonth.set(month, calibrateAll(outcomes.filter((o) => monthFold(o) !== month)));
console.log('\n80% coverage with the calibration fitted without the sale\'s month (leave-one-month-out):\n');
console.log('| city | months of sale | ' + HORIZONS.map((h) => `${h} months`).join(' | ') + ' |\n|---|--:|' + HORIZONS.map(() => '--:').join('|') + '|');
for (const city of [...Object.values(CITY_BY_STATE), 'all']) {
  const rows = outcomes.filter((o) => city === 'all' || o.city === city);
  const cells = HORIZONS.map((horizon) => {
    const at = rows.filter((o) => o.horizon === horizon);
    return at.length === 0 ? '-' : pct(at.filter((o) => covered(o, byMonth.get(monthFold(o))!.fitOf(o))).length / at.length);
  });
  console.log(`| ${city} | ${new Set(rows.map(monthFold)).size} | ${cells.join(' | ')} |`);
}
// Issue 31 item 4: does the suburb's own series (the Valuer-General's annual median house price by
// locality) carry Melbourne houses better than the city's ABS series? The same sales, the same model
// values at t - h; only the carry factor differs (suburbCarry of the engines; the ABS series where the
// table lacks the locality or gives it too few years).
const localityRows = await loadVicLocalityMedians(config.dataDir);
if (loaded && localityRows.length > 0) {
  const suburbs = buildSuburbMovement(localityRows);
  const methods: [string, SuburbCarryMethod | null][] = [['ABS Melbourne (as shipped)', null], ['suburb annual medians', 'suburb'], ['ABS × suburb relative to city', 'relative']];
  const houses = outcomes.filter((o) => o.state === 'VIC' && o.horizon > 0 && o.sale.propertyType === 'house');
  const errorOf = (o: Outcome, method: SuburbCarryMethod | null) => {
    const carry = method ? suburbCarry(movement, suburbs, o.sale, o.sale.propertyType, o.origin, o.sale.saleDate, method) : null;
    return carry ? o.error + o.absLogFactor - Math.log(carry.factor) : o.error;
  };
  const mdape = (errors: number[]) => quantile(errors.map((e) => Math.abs(Math.exp(-e) - 1)), 0.5);
  console.log('\n## Suburb movement: Melbourne houses carried by the suburb series vs the ABS series (same sales)\n');
  console.log('MdAPE, PPE10 and median signed error (estimate / price - 1) on every valued house sale; 80% coverage cross-fitted (each fold with the ABS calibration of the other folds); Δ MdAPE vs ABS with a paired bootstrap 90% interval.\n');
  console.log('| horizon | carry | sales | suburb series used | MdAPE | Δ MdAPE (90% interval) | PPE10 | median signed error | 80% coverage |\n|--:|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const horizon of carrying) {
    const rows = houses.filter((o) => o.horizon === horizon);
    if (rows.length === 0) continue;
    const base = rows.map((o) => o.error);
    for (const [name, method] of methods) {
      const errors = rows.map((o) => errorOf(o, method));
      const used = method ? rows.filter((o) => suburbCarry(movement, suburbs, o.sale, o.sale.propertyType, o.origin, o.sale.saleDate, method) !== null).length : 0;
      const reported = rows.map((o, i) => ({ ...o, error: errors[i]! }));
      let delta = '-';
      if (method) {
        // Paired bootstrap of the MdAPE difference (a fixed seed: the same interval every run).
        let seed = 31;
        const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
        const draws: number[] = [];
        for (let b = 0; b < 1000; b += 1) {
          const pick = rows.map(() => Math.floor(random() * rows.length));
          draws.push(mdape(pick.map((i) => errors[i]!)) - mdape(pick.map((i) => base[i]!)));
        }
        delta = `${(100 * (mdape(errors) - mdape(base))).toFixed(2)} (${(100 * quantile(draws, 0.05)).toFixed(2)} to ${(100 * quantile(draws, 0.95)).toFixed(2)})`;
      }
      const ape = errors.map((e) => Math.abs(Math.exp(-e) - 1));
      console.log(
        `| ${horizon} months | ${name} | ${rows.length} | ${method ? pct(used / rows.length) : '-'} | ${pct(mdape(errors))} | ${delta} | ${pct(ape.filter((e) => e <= 0.1).length / ape.length)} | ${pct(quantile(errors.map((e) => Math.exp(-e) - 1), 0.5))} | ${pct(reported.filter((o) => covered(o, fitOf(o))).length / Math.max(1, reported.length))} |`,
      );
    }
  }

  // The longer horizon, without our sales: how far each Melbourne locality's published median moves
  // from the city's ABS series over 1-5 years, and from 2018 to 2020 and to 2021 (preliminary). The
  // localities are those of our Melbourne sales (their median position, within 50 km of the CBD).
  const positions = new Map<string, { lat: number[]; lng: number[] }>();
  for (const sale of sales) {
    if (sale.state !== 'VIC' || !sale.suburb) continue;
    const key = sale.suburb.trim().toUpperCase();
    const at = positions.get(key) ?? { lat: [], lng: [] };
    at.lat.push(sale.lat);
    at.lng.push(sale.lng);
    positions.set(key, at);
  }
  const published = new Map<string, Map<number, number>>();
  for (const row of localityRows) {
    const years = published.get(row.locality) ?? new Map<number, number>();
    years.set(row.year, row.medianAud);
    published.set(row.locality, years);
  }
  const metro = [...published.keys()].filter((locality) => {
    const at = positions.get(locality);
    return at !== undefined && absRegionOf({ state: 'VIC', lat: quantile(at.lat, 0.5), lng: quantile(at.lng, 0.5) })?.region === 'Melbourne';
  });
  const place = { state: 'VIC', lat: -37.814, lng: 144.963 };
  /** The mid-point of a table year (the preliminary 2021 is taken as its March quarter). */
  const midDate = (year: number) => (year === 2021 ? '2021-02-15' : `${year}-07-01`);
  const excessOf = (locality: string, from: number, to: number) => {
    const a = published.get(locality)?.get(from);
    const b = published.get(locality)?.get(to);
    const abs = carryForward(movement, place, 'house', midDate(from), midDate(to));
    return a && b && abs ? Math.log(b / a) - Math.log(abs.factor) : null;
  };
  const robustSd = (values: number[]) => {
    const middle = quantile(values, 0.5);
    return 1.4826 * quantile(values.map((v) => Math.abs(v - middle)), 0.5);
  };
  console.log(`\n## Suburb vs city movement over longer horizons (no sales needed): ${metro.length} Melbourne localities of the table (of ${published.size}) with our sales in them\n`);
  console.log('ABS-carried: the locality\'s median of the first year × the ABS Melbourne house factor between the years\' mid-points (the product\'s carry), against its published median of the later year.\n');
  console.log('| from → to | localities | MdAPE of the ABS-carried median | within 10% | median signed (carried / published - 1) | robust sd of the suburb\'s log change less the city\'s |\n|---|--:|--:|--:|--:|--:|');
  for (const [from, to] of [[2017, 2018], [2015, 2018], [2018, 2020], [2018, 2021]] as const) {
    const excess = metro.flatMap((locality) => {
      const e = excessOf(locality, from, to);
      return e === null ? [] : [e];
    });
    const ape = excess.map((e) => Math.abs(Math.exp(-e) - 1));
    console.log(`| ${from} → ${to}${to === 2021 ? ' (prelim.)' : ''} | ${excess.length} | ${pct(quantile(ape, 0.5))} | ${pct(ape.filter((e) => e <= 0.1).length / ape.length)} | ${pct(quantile(excess.map((e) => Math.exp(-e) - 1), 0.5))} | ${robustSd(excess).toFixed(3)} |`);
  }
  // Noise or movement? A year's median of a suburb carries sampling and mix noise (sd σ, taken as
  // independent between years): consecutive one-year excesses then have covariance -σ², and the
  // excess over k years (centred on the year's median locality) has variance 2σ² + the persistent
  // divergence of the suburb from the city. Pooled over the final years 2010-2020.
  const centredExcess = (k: number, lag = 0) => {
    const pairs: [number, number][] = [];
    for (let year = 2010; year + lag + k <= 2020; year += 1) {
      const first = metro.map((locality) => excessOf(locality, year, year + k));
      const second = metro.map((locality) => excessOf(locality, year + lag, year + lag + k));
      const middle = (values: (number | null)[]) => quantile(values.filter((v): v is number => v !== null), 0.5);
      const [m1, m2] = [middle(first), middle(second)];
      metro.forEach((_locality, i) => {
        if (first[i] != null && second[i] != null) pairs.push([first[i]! - m1, second[i]! - m2]);
      });
    }
    return pairs;
  };
  const variances = [1, 2, 3, 4].map((k) => robustSd(centredExcess(k).map(([x]) => x)) ** 2);
  // The lag-1 covariance of one-year excesses, clipped at ± 0.3 (a few localities' medians jump by a half).
  const clipped = centredExcess(1, 1).map(([x, y]) => [Math.max(-0.3, Math.min(0.3, x)), Math.max(-0.3, Math.min(0.3, y))] as const);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [mx, my] = [mean(clipped.map(([x]) => x)), mean(clipped.map(([, y]) => y))];
  const lagCov = mean(clipped.map(([x, y]) => (x - mx) * (y - my)));
  const lagCorr = lagCov / Math.sqrt(mean(clipped.map(([x]) => (x - mx) ** 2)) * mean(clipped.map(([, y]) => (y - my) ** 2)));
  const noise = Math.max(0, -lagCov);
  const persistent = variances.map((v) => Math.sqrt(Math.max(0, v - 2 * noise)).toFixed(3));
  console.log(`\nSuburb less city, centred on each year's median locality: robust sd over k = 1-4 years ${variances.map((v) => Math.sqrt(v).toFixed(3)).join(', ')}; lag-1 correlation of one-year excesses ${lagCorr.toFixed(2)}.`);
  console.log(`Noise of a year's median σ ≈ ${Math.sqrt(noise).toFixed(3)} (so the suburb series' own end-point error sd ≈ ${Math.sqrt(2 * noise).toFixed(3)}); persistent suburb-vs-city divergence sd over k = 1-4 years ≈ ${persistent.join(', ')}.`);
  const pairs = metro.flatMap((locality) => {
    const before = excessOf(locality, 2015, 2018);
    const after = excessOf(locality, 2018, 2020);
    return before === null || after === null ? [] : [[before, after] as const];
  });
  const [bx, by] = [mean(pairs.map(([x]) => x)), mean(pairs.map(([, y]) => y))];
  const corr = pairs.reduce((sum, [x, y]) => sum + (x - bx) * (y - by), 0) / Math.sqrt(pairs.reduce((sum, [x]) => sum + (x - bx) ** 2, 0) * pairs.reduce((sum, [, y]) => sum + (y - by) ** 2, 0));
  console.log(`Correlation of a locality's excess 2015→2018 with its excess 2018→2020: ${corr.toFixed(2)} (${pairs.length} localities).`);
}
console.log(`\nCalibration: ${JSON.stringify({ ...calibration, backtest: undefined, fsdBands: undefined })}`);
if (args.has('--write')) {
  writeFileSync(resolve('models/carry-forward.json'), `${JSON.stringify(calibration, null, 2)}\n`);
  console.log('wrote models/carry-forward.json');
}
log('done');
