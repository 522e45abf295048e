/**
 * `npm run bench:carry-forward`: how well the ABS series carry a valuation forward (issue 31).
 *
 * Backtest on our own sales. The evaluation model of `npm run bench:valuation` (fitted without the
 * latest 5% of each city's sales and 3% at random) values each latest (time hold-out) sale sold at t
 * from the local sales before t - h only, then the ABS series of its region and dwelling kind carry
 * that value from t - h to t, for h = 0 (no carry), 6, 12, 24 and 36 months. Half of the sales (even
 * ids) calibrate: per horizon, the log standard deviation the carry adds to the range so that the
 * 80% range holds 80% of them, and per horizon and evidence level the multiplier that makes ± 1 FSD
 * hold 68%. The other half (odd ids) is reported: MdAPE, PPE10, 80% coverage and ± 1 FSD hits, per
 * city and horizon, and hit rates by FSD band.
 *
 *   npm run bench:carry-forward                 # print the figures
 *   npm run bench:carry-forward -- --write      # and write models/carry-forward.json
 *   npm run bench:carry-forward -- --shipped    # quick look with the shipped model (it saw these sales: not a measurement)
 *
 * Reads the database named by DATABASE_URL / PROPGUARD_HOME and data/ (PROPGUARD_DATA_PATH).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadMarketMovement } from '@propguard/db';
import {
  CITY_BY_STATE,
  EVIDENCE_LEVELS,
  buildMarketMovement,
  parseAbsMedianTable,
  parseValuationModel,
  valuePoint,
  withMarketIndexRefitted,
  type CarryForwardCalibration,
  type EvidenceLevel,
  type SalesIndex,
  type ValuationModel,
} from '@propguard/engines';
import { buildEvaluationIndex, runEvaluation } from '../apps/cli/src/commands/train.ts';
import { loadCliConfig } from '../apps/cli/src/config.ts';
import { loadBenchSales } from './load-sales.ts';

const HORIZONS = [0, 6, 12, 24, 36];
const Z_80 = 1.2816;
/** Target sales per city and horizon (every latest sale when fewer). */
const PER_CITY = Number(process.env.BENCH_CARRY_SALES ?? 700);
const args = new Set(process.argv.slice(2));
const config = loadCliConfig();
const started = performance.now();
const log = (message: string) => console.error(`${message} [${((performance.now() - started) / 1000).toFixed(0)} s]`);

const sales = await loadBenchSales();
log(`${sales.length.toLocaleString('en-AU')} sales loaded`);
// The series alone, uncalibrated: the backtest measures the raw carry and calibrates it.
const zero: CarryForwardCalibration = { horizonMonths: [6], sigmaLog: { '*': [0] }, rangeScale: { '*': [1] }, backtest: [], fsdBands: [], fsd: { horizonMonths: [0], evidence: [...EVIDENCE_LEVELS], multiplier: [[1, 1, 1]] }, note: 'uncalibrated' };
const loaded = await loadMarketMovement(config.dataDir, resolve('models/carry-forward.json')).catch(() => null);
const movement = loaded ? { ...loaded, calibration: zero } : buildMarketMovement(parseAbsMedianTable([]), zero);

let model: ValuationModel;
let index: SalesIndex;
let splits: readonly string[];
const cache = resolve('.propguard/bench/evaluation-model.json');
if (args.has('--shipped')) {
  model = parseValuationModel(JSON.parse(readFileSync(resolve('models/current.json'), 'utf8')));
  ({ index, splits } = buildEvaluationIndex(sales));
  log('shipped model (it was fitted on these sales: a quick look, not a measurement)');
} else {
  const built = buildEvaluationIndex(sales);
  const key = `${sales.length}|${built.index.lastSaleDate}`;
  const cached = existsSync(cache) ? (JSON.parse(readFileSync(cache, 'utf8')) as { key: string; artifact: unknown }) : null;
  if (cached?.key === key) {
    model = parseValuationModel(cached.artifact);
    ({ index, splits } = built);
    log('evaluation model read from the cache (.propguard/bench/evaluation-model.json)');
  } else {
    const run = runEvaluation(sales, log, started);
    model = run.model;
    ({ index, splits } = run);
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(cache, JSON.stringify({ key, artifact: run.model.artifact }));
  }
}
const holdouts = index.sales.filter((_sale, row) => splits[row] === 'timeHoldout' || splits[row] === 'randomHoldout');

function monthsBefore(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - months;
  const shifted = new Date(Date.UTC(year, month, Math.min(Number(date.slice(8, 10)), 28)));
  return shifted.toISOString().slice(0, 10);
}

/** A market is backtested from an origin with at least this many months of its own sales before it. */
const MIN_HISTORY_MONTHS = 12;

interface Outcome {
  state: string;
  city: string;
  horizon: number;
  id: number;
  /** ln(price / estimate) */
  error: number;
  /** Log half-widths of the model's range (before any carry widening). */
  below: number;
  above: number;
  evidence: EvidenceLevel;
}

const outcomes: Outcome[] = [];
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
      // The market index as production would have had it at the origin: refitted without every hold-out price from the origin's month on.
      const month = `${origin.slice(0, 7)}-01`;
      const key = `${state}|${month}`;
      let at = refits.get(key);
      if (!at) {
        at = { ...withMarketIndexRefitted(index, state, new Set(holdouts.filter((other) => other.saleDate >= month).map((other) => other.id))), movement };
        refits.set(key, at);
      }
      const point = valuePoint(model, at, sale, sale.saleDate, origin);
      if (!Number.isFinite(point.estimate) || point.estimate <= 0) continue;
      // The range before the carry's widening (the calibration's sigma is 0 here): the model's own.
      const logEstimate = Math.log(point.estimate);
      outcomes.push({ state, city, horizon, id: sale.id, error: Math.log(sale.priceAud) - logEstimate, below: logEstimate - Math.log(point.low), above: Math.log(point.high) - logEstimate, evidence: point.evidence });
      valued += 1;
    }
    log(`${city}, h = ${horizon} months: ${valued} sales valued`);
  }
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

const calibrating = outcomes.filter((o) => o.id % 2 === 0);
const reporting = outcomes.filter((o) => o.id % 2 === 1);
/** The value in [low, high] where `coverage` crosses 80% (coverage rises with the value). */
function bisect(coverage: (value: number) => number, low: number, high: number): number {
  for (let i = 0; i < 40; i += 1) {
    const middle = (low + high) / 2;
    if (coverage(middle) < 0.8) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * Per horizon, what makes the 80% range hold 80% of `rows`: the carry's added log sd where the
 * model's range holds less (never shrinking with the horizon), or a scale below 1 of the model's
 * range where it holds more. Horizon 0 is the model's own calibration, left as it is.
 */
function calibrate(rows: Outcome[]): Map<number, Fit> {
  const fits = new Map<number, Fit>();
  let floor = 0;
  for (const horizon of HORIZONS) {
    const at = rows.filter((o) => o.horizon === horizon);
    let fit: Fit = { sigma: 0, scale: 1 };
    if (horizon > 0 && at.length >= 30) {
      const coverage = (candidate: Fit) => at.filter((o) => covered(o, candidate)).length / at.length;
      if (coverage({ sigma: floor, scale: 1 }) < 0.8) fit = { sigma: bisect((sigma) => coverage({ sigma, scale: 1 }), floor, 1.5), scale: 1 };
      else if (floor === 0) fit = { sigma: 0, scale: bisect((scale) => coverage({ sigma: 0, scale }), 0.3, 1) };
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
const fitTable = new Map<string, Map<number, Fit>>([['*', calibrate(calibrating)], ...states.map((state) => [state, calibrate(calibrating.filter((o) => o.state === state))] as [string, Map<number, Fit>])]);
// A market whose backtest stops short of a horizon (Melbourne: 26 months of sales) takes the larger of its last and the pooled sigma beyond it, at full range.
for (const state of states) {
  const own = fitTable.get(state)!;
  const reached = Math.max(...calibrating.filter((o) => o.state === state).map((o) => o.horizon));
  for (const horizon of HORIZONS) if (horizon > reached) own.set(horizon, { sigma: Math.max(own.get(reached)?.sigma ?? 0, fitTable.get('*')!.get(horizon)!.sigma), scale: 1 });
}
const fitOf = (o: Outcome) => fitTable.get(o.state)!.get(o.horizon)!;
const multipliers = HORIZONS.map((horizon) => {
  const all = calibrating.filter((o) => o.horizon === horizon);
  const ratio = (rows: Outcome[]) => (rows.length >= 30 ? quantile(rows.map((o) => Math.abs(o.error) / fsdRaw(o, fitOf(o))), 0.68) : null);
  const pooled = ratio(all) ?? 1;
  return EVIDENCE_LEVELS.map((level) => Math.round((ratio(all.filter((o) => o.evidence === level)) ?? pooled) * 1000) / 1000);
});
const carrying = HORIZONS.filter((horizon) => horizon > 0);
const fsdOf = (o: Outcome) => fsdRaw(o, fitOf(o)) * multipliers[HORIZONS.indexOf(o.horizon)]![EVIDENCE_LEVELS.indexOf(o.evidence)]!;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const backtest: CarryForwardCalibration['backtest'] = [];
for (const city of [...Object.values(CITY_BY_STATE), 'all']) {
  for (const horizon of HORIZONS) {
    const rows = reporting.filter((o) => o.horizon === horizon && (city === 'all' || o.city === city));
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
  const rows = reporting.filter((o) => fsdOf(o) > from && fsdOf(o) <= to);
  if (rows.length === 0) return [];
  const ape = rows.map((o) => Math.abs(Math.exp(-o.error) - 1));
  return [{ band, sales: rows.length, withinFsd: round4(rows.filter((o) => Math.abs(o.error) <= fsdOf(o)).length / rows.length), within10: round4(ape.filter((e) => e <= 0.1).length / rows.length), mdape: round4(quantile(ape, 0.5)) }];
});
const calibration: CarryForwardCalibration = {
  horizonMonths: carrying,
  sigmaLog: Object.fromEntries([...fitTable].map(([market, fits]) => [market, carrying.map((horizon) => fits.get(horizon)!.sigma)])),
  rangeScale: Object.fromEntries([...fitTable].map(([market, fits]) => [market, carrying.map((horizon) => fits.get(horizon)!.scale)])),
  fsd: { horizonMonths: HORIZONS, evidence: [...EVIDENCE_LEVELS], multiplier: multipliers },
  note:
    `Backtest of ${new Date().toISOString().slice(0, 10)} (npm run bench:carry-forward${args.has('--shipped') ? ' -- --shipped: the shipped model, which saw these sales' : ': the evaluation model, fitted without these sales'}): ` +
    `the latest sales of Melbourne, Perth and Sydney valued from the local sales before t - h and carried to t by the ABS series; ${calibrating.length} sales (even ids) calibrate, ${reporting.length} (odd ids) are reported.`,
  backtest,
  fsdBands,
};

const pct = (value: number | null) => (value === null ? '-' : `${(100 * value).toFixed(1)}%`);
console.log(`\n## Carry-forward backtest (${args.has('--shipped') ? 'shipped model: NOT a measurement' : 'evaluation model, sales it never saw'})\n`);
console.log('| city | horizon | sales | MdAPE | PPE10 | 80% coverage (calibrated) | ±1 FSD hits (target 68%) | added log sd / range scale |\n|---|--:|--:|--:|--:|--:|--:|--:|');
for (const row of backtest) {
  const sample = reporting.find((o) => o.horizon === row.horizonMonths && o.city === row.city);
  const fit = row.city === 'all' ? 'per market' : sample ? `${fitOf(sample).sigma.toFixed(3)} / ×${fitOf(sample).scale.toFixed(2)}` : '-';
  console.log(`| ${row.city} | ${row.horizonMonths} months | ${row.sales} | ${pct(row.mdape)} | ${pct(row.ppe10)} | ${pct(row.coverage80)} | ${pct(row.fsdHits)} | ${fit} |`);
}
console.log('\n| FSD band | sales | within ± 1 FSD | within 10% | MdAPE |\n|---|--:|--:|--:|--:|');
for (const row of fsdBands) console.log(`| ${row.band} | ${row.sales} | ${pct(row.withinFsd)} | ${pct(row.within10)} | ${pct(row.mdape)} |`);
console.log(`\nCalibration: ${JSON.stringify({ ...calibration, backtest: undefined, fsdBands: undefined })}`);
if (args.has('--write')) {
  writeFileSync(resolve('models/carry-forward.json'), `${JSON.stringify(calibration, null, 2)}\n`);
  console.log('wrote models/carry-forward.json');
}
log('done');
