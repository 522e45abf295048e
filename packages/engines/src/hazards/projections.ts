/**
 * Climate projections: scenario + year -> global warming level (IPCC AR6 Table SPM.1, in
 * reference-tables.ts) -> the ACS/NCRA regional change at that level, and global sea-level rise
 * (IPCC AR6 via the ACS slr_increments table).
 */
import type { ClimateScenario } from '@propguard/schemas';
import type { HazardContext } from './context.ts';
import { globalWarmingLevelC } from './reference-tables.ts';

/** The present in the ACS tables: GWL 1.2 °C (ACS SOURCE.md, "≈ present"). */
export const PRESENT_GWL_C = 1.2;

/** Piecewise-linear through (gwl, value) points, extrapolated past the last pair's slope. */
function interpolateByGwl(points: readonly (readonly [number, number])[], gwl: number): number {
  if (points.length === 0) return 0;
  if (points.length === 1 || gwl <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i += 1) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (gwl <= x1 || i === points.length - 1) return y0 + ((y1 - y0) * (gwl - x0)) / (x1 - x0);
  }
  return points[points.length - 1]![1];
}

/**
 * Non-decreasing envelope from 0 at GWL 1.2: a projected decrease is not credited (precautionary;
 * the ensemble medians of the ACS tables wobble by a few percent between levels, e.g. VIC RX1D
 * +2.5 % at 1.5 °C and +2.4 % at 2.0 °C).
 */
function envelope(points: (readonly [number, number])[]): (readonly [number, number])[] {
  let running = 0;
  return points.map(([gwl, value]) => {
    running = Math.max(running, value);
    return [gwl, running] as const;
  });
}

export interface RegionalChange {
  /** Change vs GWL 1.2 (units of the metric's change table: % or absolute). */
  value: number;
  units: string;
  gwlC: number;
  isExtrapolated: boolean;
}

/**
 * Ensemble-median change of an ACS/NCRA metric (e.g. "RX1D", "SPI3", "TGm") for a region at a
 * warming level, vs GWL 1.2; null when the table has no such row.
 * @example regionalChange(context, 'RX1D', 'NSW', 3.0) // { value: 14.6, units: '%', ... }
 */
export function regionalChange(context: HazardContext, metric: string, region: string, gwlC: number): RegionalChange | null {
  const rows = context.regionMetrics.get(`${metric}|change|${region}`);
  if (!rows || rows.length === 0) return null;
  const points: [number, number][] = [[PRESENT_GWL_C, 0]];
  for (const row of rows) if (row.median !== null && row.gwl > PRESENT_GWL_C) points.push([row.gwl, row.median]);
  if (points.length < 2) return null;
  const last = points[points.length - 1]![0];
  return { value: interpolateByGwl(envelope(points), Math.max(PRESENT_GWL_C, gwlC)), units: rows[0]!.units, gwlC, isExtrapolated: gwlC > last };
}

/** The metric's ensemble-median average at a warming level (e.g. TGm in °C); null when absent. */
export function regionalAverage(context: HazardContext, metric: string, region: string, gwlC: number): number | null {
  const rows = context.regionMetrics.get(`${metric}|average|${region}`);
  if (!rows) return null;
  const points = rows.filter((row) => row.median !== null).map((row) => [row.gwl, row.median!] as const);
  return points.length === 0 ? null : interpolateByGwl(points, gwlC);
}

/** Change in days a year with FFDI above `thresholdFfdi` vs GWL 1.2 (p50 of 12 simulations). */
export function fireWeatherChangeDays(context: HazardContext, region: string, gwlC: number, thresholdFfdi = 50): RegionalChange | null {
  const rows = context.ffdiChanges.get(`${thresholdFfdi}|${region}`);
  if (!rows || rows.length === 0) return null;
  const points: [number, number][] = rows.map((row) => [row.gwl, row.p50]);
  if (points[0]![0] > PRESENT_GWL_C) points.unshift([PRESENT_GWL_C, 0]);
  const last = points[points.length - 1]![0];
  return { value: interpolateByGwl(envelope(points), Math.max(PRESENT_GWL_C, gwlC)), units: 'days/yr', gwlC, isExtrapolated: gwlC > last };
}

/** A figure of an ACS table at a warming level: the ensemble median and spread, as the source gives them. */
export interface RegionalFigure {
  median: number;
  /** Ensemble minimum-maximum (NCRA tables) or 10th-90th percentile (FFDI), interpolated like the median. */
  low: number;
  high: number;
  units: string;
  gwlC: number;
  /** True past the highest warming level of the table (3.0 °C): the last two levels' slope continued. */
  isExtrapolated: boolean;
}

/**
 * The source's own figure of a metric at a warming level, without the precautionary envelope of
 * `regionalChange` (the Climate Metrics quote the table): at a tabulated level (1.2, 1.5, 2.0,
 * 3.0 °C) exactly its row, linear between levels, the last slope continued beyond 3.0 °C. A
 * change table starts from 0 at GWL 1.2 (no row in the source). Null without rows.
 * @example regionalFigure(context, 'TXge35', 'average', 'NSW', 2.0) // { median: 52, low: 38, high: 62, units: 'days/yr', ... }
 */
export function regionalFigure(context: HazardContext, metric: string, table: 'average' | 'change', region: string, gwlC: number): RegionalFigure | null {
  const rows = (context.regionMetrics.get(`${metric}|${table}|${region}`) ?? []).filter((row) => row.median !== null);
  if (rows.length === 0) return null;
  const points = rows.map((row) => ({ gwl: row.gwl, median: row.median!, low: row.min ?? row.median!, high: row.max ?? row.median! }));
  if (table === 'change' && points[0]!.gwl > PRESENT_GWL_C) points.unshift({ gwl: PRESENT_GWL_C, median: 0, low: 0, high: 0 });
  return figureAt(points, rows[0]!.units, gwlC);
}

/** Change in days a year with FFDI above a threshold at a warming level: p50 with p10-p90, as the source gives them. */
export function fireWeatherFigure(context: HazardContext, region: string, gwlC: number, thresholdFfdi = 50): RegionalFigure | null {
  const rows = context.ffdiChanges.get(`${thresholdFfdi}|${region}`);
  if (!rows || rows.length === 0) return null;
  const points = rows.map((row) => ({ gwl: row.gwl, median: row.p50, low: row.p10, high: row.p90 }));
  if (points[0]!.gwl > PRESENT_GWL_C) points.unshift({ gwl: PRESENT_GWL_C, median: 0, low: 0, high: 0 });
  return figureAt(points, 'days/yr', gwlC);
}

function figureAt(points: { gwl: number; median: number; low: number; high: number }[], units: string, gwlC: number): RegionalFigure {
  const at = (pick: (point: (typeof points)[number]) => number) => interpolateByGwl(points.map((point) => [point.gwl, pick(point)] as const), gwlC);
  const low = at((point) => point.low);
  const high = at((point) => point.high);
  return { median: at((point) => point.median), low: Math.min(low, high), high: Math.max(low, high), units, gwlC, isExtrapolated: gwlC > points[points.length - 1]!.gwl };
}

/** Sea level in the ACS "present day" (≈ 2020): +0.06 m over 1995-2014 (ACS SOURCE.md). */
export const PRESENT_SLR_M = 0.06;
const PRESENT_YEAR = 2020;

/**
 * Global mean sea-level rise over 1995-2014, m, for a scenario and year: the medians of the
 * ACS table transcribed from IPCC AR6 WG1 Tables 9.9/9.10 (2030 and 2050 one row each; 2090 the
 * row whose warming level is nearest the scenario's; 2100 the SSP5-8.5 row for `high`, and for
 * `low` the 2050-2090 trend continued). Linear between years.
 * @example seaLevelRiseM(context, 'high', 2090) // 0.63
 */
export function seaLevelRiseM(context: HazardContext, scenario: ClimateScenario, year: number): number {
  const rows = context.data.slrIncrements;
  const anchors: [number, number][] = [[PRESENT_YEAR, PRESENT_SLR_M]];
  for (const anchorYear of [2030, 2050, 2090, 2100]) {
    const candidates = rows.filter((row) => row.year === anchorYear);
    if (candidates.length === 0) continue;
    const gwl = globalWarmingLevelC(scenario, anchorYear);
    if (anchorYear === 2100 && scenario === 'low') continue;
    const best = candidates.reduce((a, b) => (Math.abs(b.gwlC - gwl) < Math.abs(a.gwlC - gwl) ? b : a));
    anchors.push([anchorYear, best.slrMedianM]);
  }
  if (anchors.length < 2) return PRESENT_SLR_M;
  if (year <= PRESENT_YEAR) return PRESENT_SLR_M;
  for (let i = 1; i < anchors.length; i += 1) {
    const [x1, y1] = anchors[i]!;
    const [x0, y0] = anchors[i - 1]!;
    if (year <= x1 || i === anchors.length - 1) return Math.max(y0, y0 + ((y1 - y0) * (year - x0)) / (x1 - x0));
  }
  return anchors[anchors.length - 1]![1];
}
