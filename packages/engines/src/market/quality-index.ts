/**
 * The quality-adjusted monthly price index: a hedonic time-dummy regression on log prices with
 * group (suburb) fixed effects and a smoothness prior on the month effects.
 *
 *   log(price_i) = suburb_g(i) + delta_month(i) + beta . x_i + e_i
 *
 * x are the dwelling's attributes (bedrooms, bathrooms, log land size, log building size, each with
 * a "missing" flag, centred), so that a month with cheaper homes sold is not read as a fall (Eurostat,
 * Handbook on Residential Property Prices Indices (2013), chapter 5, time-dummy hedonic method).
 * Sparse months borrow strength from their neighbours through the penalty
 * lambda * sum_t (delta_t - delta_t-1)^2 (a random-walk prior, as in the smoothed repeat-sales and
 * hedonic indices of Schwann (1998) "A real estate price index for thin markets", JREFE 16(3)).
 * The fit is by backfitting (Hastie & Tibshirani, Generalized Additive Models (1990), 4.4): month
 * effects by a tridiagonal solve, suburb effects by group means, attributes by a small ridge solve.
 */
import { monthOf, type MarketSale } from './types.ts';

export interface QualityIndexParams {
  /** Smoothness penalty, in "sales worth" of evidence that one month equals the next. */
  smoothness: number;
  /** Ridge on the attribute coefficients (keeps them finite when an attribute never varies). */
  attributeRidge: number;
  iterations: number;
}

/** Chosen on the Melbourne sales with `npm run bench:market` (docs/methodology/market.md). */
export const DEFAULT_QUALITY_INDEX_PARAMS: QualityIndexParams = { smoothness: 6, attributeRidge: 1, iterations: 25 };

export interface QualityIndex {
  /** First month of the series (months since year 0; see monthOf). */
  firstMonth: number;
  /** Log index level per month, first month = 0. */
  logLevels: number[];
  /** Priced market sales per month. */
  counts: number[];
  /** Residual standard deviation of log price (the noise of one sale after adjustment). */
  residualSd: number;
  salesUsed: number;
  /** Attribute coefficients (log price per unit), for the method note. */
  coefficients: Record<string, number>;
}

const ATTRIBUTES = ['bedrooms', 'bathrooms', 'log_land_m2', 'log_building_m2'] as const;

/** What the index needs of a sale; market analysis passes MarketSale, the valuation index its IndexedSale (all market sales). */
export type QualityIndexSale = Pick<MarketSale, 'bedrooms' | 'bathrooms' | 'landSizeM2' | 'buildingSizeM2' | 'priceAud' | 'saleDate'> & { isMarketSale?: boolean };

function attributeValues(sale: QualityIndexSale): Array<number | null> {
  return [
    sale.bedrooms,
    sale.bathrooms,
    sale.landSizeM2 !== null && sale.landSizeM2 > 0 ? Math.log(sale.landSizeM2) : null,
    sale.buildingSizeM2 !== null && sale.buildingSizeM2 > 0 ? Math.log(sale.buildingSizeM2) : null,
  ];
}

/** Solves a symmetric tridiagonal system (Thomas algorithm); diag and rhs are overwritten. */
function solveTridiagonal(diag: Float64Array, offDiagonal: number, rhs: Float64Array): Float64Array {
  const size = diag.length;
  const upper = new Float64Array(size);
  for (let t = 0; t < size; t += 1) {
    if (t > 0) {
      const factor = offDiagonal / diag[t - 1]!;
      diag[t] = diag[t]! - factor * upper[t - 1]!;
      rhs[t] = rhs[t]! - factor * rhs[t - 1]!;
    }
    upper[t] = offDiagonal;
  }
  const solution = new Float64Array(size);
  for (let t = size - 1; t >= 0; t -= 1) {
    solution[t] = (rhs[t]! - (t < size - 1 ? upper[t]! * solution[t + 1]! : 0)) / diag[t]!;
  }
  return solution;
}

/** Solves a small dense symmetric positive-definite system by Gaussian elimination. */
function solveDense(matrix: number[][], rhs: number[]): number[] {
  const size = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < size; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < size; row += 1) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const pivotValue = a[col]![col]!;
    if (Math.abs(pivotValue) < 1e-12) continue;
    for (let row = 0; row < size; row += 1) {
      if (row === col) continue;
      const factor = a[row]![col]! / pivotValue;
      for (let k = col; k <= size; k += 1) a[row]![k] = a[row]![k]! - factor * a[col]![k]!;
    }
  }
  return a.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[size]! / row[i]!));
}

/**
 * Fits the quality-adjusted index of priced market sales over [firstMonth, lastMonth].
 * `groupOf` names each sale's fixed-effect group (its suburb; one group for a single suburb).
 * @example fitQualityIndex(sales, monthOf('2016-01-01'), monthOf('2018-03-01'), (s) => s.suburb).logLevels
 */
export function fitQualityIndex<S extends QualityIndexSale>(
  sales: readonly S[],
  firstMonth: number,
  lastMonth: number,
  groupOf: (sale: S) => string,
  params: QualityIndexParams = DEFAULT_QUALITY_INDEX_PARAMS,
): QualityIndex {
  const monthCount = Math.max(1, lastMonth - firstMonth + 1);
  const used = sales.filter((sale) => {
    if (sale.isMarketSale === false || sale.priceAud === null || sale.priceAud <= 0) return false;
    const month = monthOf(sale.saleDate);
    return month >= firstMonth && month <= lastMonth;
  });
  const n = used.length;
  const counts = new Array<number>(monthCount).fill(0);
  if (n === 0) return { firstMonth, logLevels: new Array<number>(monthCount).fill(0), counts, residualSd: Number.NaN, salesUsed: 0, coefficients: {} };

  const y = new Float64Array(n);
  const month = new Int32Array(n);
  const group = new Int32Array(n);
  const groupIds = new Map<string, number>();
  const k = ATTRIBUTES.length * 2;
  const x = used.map(() => new Float64Array(k));
  // Column means of observed attributes, for imputation and centring.
  const sums = new Float64Array(ATTRIBUTES.length);
  const seen = new Float64Array(ATTRIBUTES.length);
  const raw = used.map(attributeValues);
  for (const values of raw) values.forEach((value, j) => { if (value !== null) { sums[j] = sums[j]! + value; seen[j] = seen[j]! + 1; } });
  used.forEach((sale, i) => {
    y[i] = Math.log(sale.priceAud!);
    month[i] = monthOf(sale.saleDate) - firstMonth;
    counts[month[i]!] = counts[month[i]!]! + 1;
    const key = groupOf(sale);
    let id = groupIds.get(key);
    if (id === undefined) { id = groupIds.size; groupIds.set(key, id); }
    group[i] = id;
    raw[i]!.forEach((value, j) => {
      const mean = seen[j]! > 0 ? sums[j]! / seen[j]! : 0;
      const missingShare = 1 - seen[j]! / n;
      x[i]![2 * j] = value === null ? 0 : value - mean;
      x[i]![2 * j + 1] = (value === null ? 1 : 0) - missingShare;
    });
  });

  const groupCount = groupIds.size;
  const groupEffect = new Float64Array(groupCount);
  const delta = new Float64Array(monthCount);
  let beta = new Array<number>(k).fill(0);
  // The attribute part of each sale's fit, x_i . beta, refreshed once per iteration.
  const attributeFit = new Float64Array(n);
  const fitted = (i: number) => attributeFit[i]!;
  // X'X (plus the ridge) does not change between iterations: accumulated once.
  const xtx = Array.from({ length: k }, (_, a) => Array.from({ length: k }, (_, b) => (a === b ? params.attributeRidge : 0)));
  for (let i = 0; i < n; i += 1) {
    const row = x[i]!;
    for (let a = 0; a < k; a += 1) {
      if (row[a] === 0) continue;
      for (let b = 0; b < k; b += 1) xtx[a]![b] = xtx[a]![b]! + row[a]! * row[b]!;
    }
  }

  for (let iteration = 0; iteration < params.iterations; iteration += 1) {
    // Suburb effects: group means of what the months and attributes leave.
    const groupSums = new Float64Array(groupCount);
    const groupCounts = new Float64Array(groupCount);
    for (let i = 0; i < n; i += 1) { groupSums[group[i]!] = groupSums[group[i]!]! + y[i]! - delta[month[i]!]! - fitted(i); groupCounts[group[i]!] = groupCounts[group[i]!]! + 1; }
    for (let g = 0; g < groupCount; g += 1) groupEffect[g] = groupSums[g]! / groupCounts[g]!;
    // Month effects: penalised least squares, (diag(n_t) + lambda D'D) delta = sums of residuals.
    const diag = new Float64Array(monthCount);
    const rhs = new Float64Array(monthCount);
    for (let i = 0; i < n; i += 1) rhs[month[i]!] = rhs[month[i]!]! + y[i]! - groupEffect[group[i]!]! - fitted(i);
    for (let t = 0; t < monthCount; t += 1) {
      const neighbours = (t > 0 ? 1 : 0) + (t < monthCount - 1 ? 1 : 0);
      // A tiny ridge keeps the system positive definite; the levels are re-centred below.
      diag[t] = counts[t]! + params.smoothness * neighbours + 1e-6;
    }
    const solved = solveTridiagonal(diag, -params.smoothness, rhs);
    const base = solved[0]!;
    for (let t = 0; t < monthCount; t += 1) delta[t] = solved[t]! - base;
    // Attributes: ridge regression on what suburbs and months leave.
    const xtr = new Array<number>(k).fill(0);
    for (let i = 0; i < n; i += 1) {
      const residual = y[i]! - groupEffect[group[i]!]! - delta[month[i]!]!;
      const row = x[i]!;
      for (let a = 0; a < k; a += 1) if (row[a] !== 0) xtr[a] = xtr[a]! + row[a]! * residual;
    }
    beta = solveDense(xtx.map((row) => [...row]), xtr);
    for (let i = 0; i < n; i += 1) {
      const row = x[i]!;
      let sum = 0;
      for (let j = 0; j < k; j += 1) sum += beta[j]! * row[j]!;
      attributeFit[i] = sum;
    }
  }

  let squares = 0;
  for (let i = 0; i < n; i += 1) squares += (y[i]! - groupEffect[group[i]!]! - delta[month[i]!]! - fitted(i)) ** 2;
  const dof = Math.max(1, n - groupCount - Math.min(monthCount, n / 2) - k);
  const coefficients: Record<string, number> = {};
  ATTRIBUTES.forEach((name, j) => { coefficients[name] = Math.round(beta[2 * j]! * 10_000) / 10_000; });
  return { firstMonth, logLevels: Array.from(delta), counts, residualSd: Math.sqrt(squares / dof), salesUsed: n, coefficients };
}

/** Mean log level of the months [fromMonth, toMonth] (clipped to the series), weighting each month equally. */
export function meanLogLevel(index: QualityIndex, fromMonth: number, toMonth: number): { level: number; sales: number } {
  let sum = 0;
  let months = 0;
  let sales = 0;
  for (let month = fromMonth; month <= toMonth; month += 1) {
    const t = month - index.firstMonth;
    if (t < 0 || t >= index.logLevels.length) continue;
    sum += index.logLevels[t]!;
    months += 1;
    sales += index.counts[t]!;
  }
  return { level: months === 0 ? Number.NaN : sum / months, sales };
}
