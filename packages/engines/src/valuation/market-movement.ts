/**
 * How each market moved after the last local sale we hold: the ABS series of median transfer prices
 * (6432.0 Total Value of Dwellings, table 2), per capital city and rest of state, for established
 * houses and for attached dwellings, smoothed, carry a valuation from its market's last local sale
 * (the evidence date) to a later as-at date. Pure: the series and the calibration are arguments.
 * Method: docs/methodology/valuation.md, "Carry-forward".
 */
import { z } from 'zod';
import { carryForwardBacktestRowSchema, fsdBandRowSchema } from '@propguard/schemas';
import { CAPITAL_CITIES, CITY_RADIUS_KM } from '../realty/parse-search-location.ts';
import { fractionalYear } from './dates.ts';

export type DwellingKind = 'house' | 'attached';

/** One quarter of one published series. */
export interface AbsQuarter {
  /** The quarter's last month, 'YYYY-MM'. */
  quarter: string;
  /** Median transfer price, AUD (the table gives thousands). */
  medianAud: number;
  transfers: number | null;
}

/** One region's published series for one kind of dwelling. */
export interface AbsSeries {
  /** The ABS name of the region: 'Melbourne', 'Rest of Vic.', ... */
  region: string;
  kind: DwellingKind;
  quarters: AbsQuarter[];
}

/** The calibration of the carry-forward's uncertainty (models/carry-forward.json, written by `npm run bench:carry-forward -- --write`). */
export interface CarryForwardCalibration {
  /** Backtest horizons, months, ascending. */
  horizonMonths: number[];
  /** Log standard deviation the carry adds at each horizon (added in quadrature to the model's range), per market (state) and '*' for the pooled one. */
  sigmaLog: Record<string, number[]>;
  /** Where the model's own range already holds more than 80% at a horizon: the factor (at most 1) its half-widths are scaled by, per market and '*'; 1 elsewhere. */
  rangeScale: Record<string, number[]>;
  /** ± multiplier × the range's normal-equivalent FSD holds 68% of the backtest's sales at each horizon (months, ascending, from 0) and evidence level. */
  fsd: { horizonMonths: number[]; evidence: EvidenceLevel[]; multiplier: number[][] };
  /** How, when and on what it was measured. */
  note: string;
  /** The backtest's reported half (odd sale ids), per city and horizon, and by FSD band: what the model card shows. */
  backtest: z.infer<typeof carryForwardBacktestRowSchema>[];
  fsdBands: z.infer<typeof fsdBandRowSchema>[];
}

/** models/carry-forward.json, checked before the engine trusts it. */
export const carryForwardCalibrationSchema = z.object({
  horizonMonths: z.array(z.number().positive()).min(1),
  sigmaLog: z.record(z.string(), z.array(z.number().nonnegative()).min(1)).refine((table) => table['*'] !== undefined, 'needs the pooled row "*"'),
  rangeScale: z.record(z.string(), z.array(z.number().positive().max(1)).min(1)).refine((table) => table['*'] !== undefined, 'needs the pooled row "*"'),
  fsd: z.object({
    horizonMonths: z.array(z.number().nonnegative()).min(1),
    evidence: z.array(z.enum(['own sale', 'near', 'far'])),
    multiplier: z.array(z.array(z.number().positive())),
  }),
  note: z.string(),
  backtest: z.array(carryForwardBacktestRowSchema).default([]),
  fsdBands: z.array(fsdBandRowSchema).default([]),
});

export interface SmoothedSeries {
  name: string;
  region: string;
  kind: DwellingKind;
  /** Quarter mid-points, fractional years, ascending. */
  times: number[];
  /** Smoothed log median at each mid-point. */
  logLevels: number[];
  last: AbsQuarter;
}

export interface MarketMovement {
  series: ReadonlyMap<string, SmoothedSeries>;
  /** The last day of the series' last quarter ('2025-03-31'): the default as-at date. */
  lastQuarterEnd: string;
  calibration: CarryForwardCalibration;
  source: string;
  smoothing: string;
}

export interface CarryForward {
  /** The last local sale's date: the model values the property as at it. */
  fromDate: string;
  /** The as-at date the value is carried to. */
  toDate: string;
  /** Smoothed series level at toDate over its level at fromDate. */
  factor: number;
  months: number;
  /** e.g. 'ABS 6432.0 median established house transfer price, Melbourne' */
  series: string;
  smoothing: string;
  /** Log standard deviation the carry adds to the range (the backtest's, at this horizon). */
  sigmaLog: number;
  /** The factor the model's own range is scaled by at this horizon (1, or less where the backtest found it too wide). */
  rangeScale: number;
}

export const ABS_SOURCE = 'Australian Bureau of Statistics, Total Value of Dwellings (6432.0), table 2, release of March quarter 2025, CC BY 4.0';
/** Quarters on either side of a quarter whose log medians are medianed (a centred 5-quarter median; fewer at the ends of the series). */
const SMOOTHING_HALF_WINDOW = 2;
export const ABS_SMOOTHING = 'a centred 5-quarter moving median of the log quarterly medians (the last two quarters use the 4 and 3 quarters that exist), read at quarter mid-points and interpolated linearly between them';

const KIND_TITLE: Record<DwellingKind, string> = { house: 'established house', attached: 'attached dwelling' };
const COLUMN = /^Median Price of (Established House|Attached Dwelling) Transfers \(Unstratified\)\|(.+)$/;
const COUNT_COLUMN = /^Number of (Established House|Attached Dwelling) Transfers\|(.+)$/;

/** The ABS regions of each state or territory: its capital and the rest. */
export const ABS_REGIONS: Readonly<Record<string, { capital: string; rest: string | null }>> = {
  NSW: { capital: 'Sydney', rest: 'Rest of NSW' },
  VIC: { capital: 'Melbourne', rest: 'Rest of Vic.' },
  QLD: { capital: 'Brisbane', rest: 'Rest of Qld.' },
  SA: { capital: 'Adelaide', rest: 'Rest of SA' },
  WA: { capital: 'Perth', rest: 'Rest of WA' },
  TAS: { capital: 'Hobart', rest: 'Rest of Tas.' },
  NT: { capital: 'Darwin', rest: 'Rest of NT' },
  ACT: { capital: 'Canberra', rest: null },
};

/**
 * Reads the tidy table (data/abs-total-value-of-dwellings/median_transfer_prices_by_capital_city.csv):
 * one row a quarter, one column a region and kind, AUD thousands; blank cells are quarters without a figure.
 */
export function parseAbsMedianTable(rows: readonly Record<string, string>[]): AbsSeries[] {
  const byKey = new Map<string, AbsSeries>();
  const counts = new Map<string, Map<string, number>>();
  const kindOf = (text: string): DwellingKind => (text === 'Established House' ? 'house' : 'attached');
  for (const row of rows) {
    const quarter = row.quarter_end?.trim() ?? '';
    if (!/^\d{4}-\d{2}$/.test(quarter)) continue;
    for (const [column, cell] of Object.entries(row)) {
      const value = Number(cell);
      if (cell === undefined || cell.trim() === '' || !Number.isFinite(value)) continue;
      const median = COLUMN.exec(column);
      const count = COUNT_COLUMN.exec(column);
      if (median) {
        const key = `${median[2]}|${kindOf(median[1]!)}`;
        const series = byKey.get(key) ?? { region: median[2]!, kind: kindOf(median[1]!), quarters: [] };
        series.quarters.push({ quarter, medianAud: value * 1000, transfers: null });
        byKey.set(key, series);
      } else if (count) {
        const key = `${count[2]}|${kindOf(count[1]!)}`;
        const byQuarter = counts.get(key) ?? new Map<string, number>();
        byQuarter.set(quarter, value);
        counts.set(key, byQuarter);
      }
    }
  }
  for (const [key, series] of byKey) {
    series.quarters.sort((a, b) => a.quarter.localeCompare(b.quarter));
    for (const quarter of series.quarters) quarter.transfers = counts.get(key)?.get(quarter.quarter) ?? null;
  }
  return [...byKey.values()];
}

function quarterMid(quarter: string): number {
  return Number(quarter.slice(0, 4)) + (Number(quarter.slice(5, 7)) - 1.5) / 12;
}

function quarterEndDate(quarter: string): string {
  const year = Number(quarter.slice(0, 4));
  const month = Number(quarter.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${quarter}-${String(lastDay).padStart(2, '0')}`;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Centred moving median of the log medians (see ABS_SMOOTHING). */
export function smoothLogLevels(medians: readonly number[], halfWindow = SMOOTHING_HALF_WINDOW): number[] {
  const logs = medians.map((value) => Math.log(value));
  return logs.map((_, i) => medianOf(logs.slice(Math.max(0, i - halfWindow), Math.min(logs.length, i + halfWindow + 1))));
}

export function seriesName(region: string, kind: DwellingKind): string {
  return `ABS 6432.0 median ${KIND_TITLE[kind]} transfer price, ${region}`;
}

/** Smooths every series; the as-at default is the last quarter any series reaches. */
export function buildMarketMovement(series: readonly AbsSeries[], calibration: CarryForwardCalibration): MarketMovement {
  const smoothed = new Map<string, SmoothedSeries>();
  let lastQuarter = '';
  for (const one of series) {
    if (one.quarters.length === 0) continue;
    const last = one.quarters[one.quarters.length - 1]!;
    if (last.quarter > lastQuarter) lastQuarter = last.quarter;
    smoothed.set(`${one.region}|${one.kind}`, {
      name: seriesName(one.region, one.kind),
      region: one.region,
      kind: one.kind,
      times: one.quarters.map((quarter) => quarterMid(quarter.quarter)),
      logLevels: smoothLogLevels(one.quarters.map((quarter) => quarter.medianAud)),
      last,
    });
  }
  if (!lastQuarter) throw new Error('The ABS series hold no quarter');
  return { series: smoothed, lastQuarterEnd: quarterEndDate(lastQuarter), calibration, source: ABS_SOURCE, smoothing: ABS_SMOOTHING };
}

/** The smoothed log level at a date: linear between quarter mid-points, flat beyond the ends. */
function logLevelAt(series: SmoothedSeries, date: string): number {
  return interpolateLevel(series.times, series.logLevels, fractionalYear(date));
}

/** A level at time t (fractional years) of points at ascending `times`: linear between them, flat beyond the ends. */
export function interpolateLevel(times: readonly number[], logLevels: readonly number[], t: number): number {
  if (t <= times[0]!) return logLevels[0]!;
  if (t >= times[times.length - 1]!) return logLevels[logLevels.length - 1]!;
  let low = 0;
  let high = times.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (times[middle]! <= t) low = middle;
    else high = middle;
  }
  const share = (t - times[low]!) / (times[high]! - times[low]!);
  return logLevels[low]! + share * (logLevels[high]! - logLevels[low]!);
}

/** The kind of ABS series that moves a property type: units (and apartments) with attached dwellings, the rest with houses. */
export function dwellingKindOf(propertyType: string | null | undefined): DwellingKind {
  return propertyType === 'unit' ? 'attached' : 'house';
}

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The ABS region of a place: its state's capital within CITY_RADIUS_KM (50 km) of the capital's
 * centre (the product's one definition of a city, as the search's "Greater Perth"), else the rest of
 * the state. Null outside the eight states and territories.
 * @example absRegionOf({ state: 'VIC', lat: -37.81, lng: 144.99 }) // { region: 'Melbourne', capital: true }
 */
export function absRegionOf(place: { state?: string | null; lat: number; lng: number }): { region: string; capital: boolean } | null {
  const regions = place.state ? ABS_REGIONS[place.state] : undefined;
  if (!regions) return null;
  const centre = Object.values(CAPITAL_CITIES).find((city) => city.state === place.state);
  const inCapital = !regions.rest || (centre !== undefined && distanceKm(place, centre) <= CITY_RADIUS_KM);
  return inCapital ? { region: regions.capital, capital: true } : { region: regions.rest!, capital: false };
}

export function seriesFor(movement: MarketMovement, region: string, kind: DwellingKind): SmoothedSeries | null {
  return movement.series.get(`${region}|${kind}`) ?? (kind === 'attached' ? (movement.series.get(`${region}|house`) ?? null) : null);
}

/**
 * The smoothed log level, at a fractional year, of the capital-city series of a state for a property
 * type's kind of dwelling, or null where the movement holds no such series: what bridges a gap in
 * the market's own index (sales-index.ts).
 */
export function capitalLevelAt(movement: MarketMovement, state: string, propertyType: string): ((year: number) => number) | null {
  const regions = ABS_REGIONS[state];
  const series = regions ? seriesFor(movement, regions.capital, dwellingKindOf(propertyType)) : null;
  return series ? (year) => interpolateLevel(series.times, series.logLevels, year) : null;
}

/** Whole months from one date to a later one (fractional). */
export function monthsBetween(from: string, to: string): number {
  return (fractionalYear(to) - fractionalYear(from)) * 12;
}

/**
 * The carry's log standard deviation at a horizon: the calibration's, linear between its horizons.
 * Beyond the longest it grows as a random walk: its variance gains, a month, the larger of the
 * market's and the pooled markets' variance a month at the longest horizon. (A market whose backtest
 * needed no added sd up to 36 months, Perth's, is not taken to need none at 55.)
 */
export function carrySigmaAt(calibration: CarryForwardCalibration, months: number, state?: string | null): number {
  const hs = calibration.horizonMonths;
  const sigmas = (state ? calibration.sigmaLog[state] : undefined) ?? calibration.sigmaLog['*']!;
  if (months <= 0 || hs.length === 0) return 0;
  if (months <= hs[0]!) return sigmas[0]! * Math.sqrt(months / hs[0]!);
  for (let i = 1; i < hs.length; i += 1) {
    if (months <= hs[i]!) return sigmas[i - 1]! + ((months - hs[i - 1]!) / (hs[i]! - hs[i - 1]!)) * (sigmas[i]! - sigmas[i - 1]!);
  }
  const longest = hs[hs.length - 1]!;
  const own = sigmas[sigmas.length - 1]!;
  const pooled = calibration.sigmaLog['*']![calibration.sigmaLog['*']!.length - 1]!;
  const perMonth = Math.max(own, pooled) ** 2 / longest;
  return Math.sqrt(own ** 2 + (months - longest) * perMonth);
}

/** The range scale of the calibration's nearest horizon at or above `months` (the longest beyond), per market. */
export function rangeScaleAt(calibration: CarryForwardCalibration, months: number, state?: string | null): number {
  const scales = (state ? calibration.rangeScale[state] : undefined) ?? calibration.rangeScale['*']!;
  if (months <= 0) return 1;
  const at = calibration.horizonMonths.findIndex((horizon) => months <= horizon);
  return scales[at < 0 ? scales.length - 1 : at] ?? 1;
}

/**
 * The carry-forward of a value from `fromDate` (the last local sale) to `toDate` for a place and type;
 * null when toDate is not later or no series covers the place.
 * @example carryForward(movement, { state: 'VIC', lat: -37.81, lng: 144.99 }, 'house', '2018-03-17', '2025-03-31').factor // about 1.1
 */
export function carryForward(movement: MarketMovement, place: { state?: string | null; lat: number; lng: number }, propertyType: string | null | undefined, fromDate: string, toDate: string): CarryForward | null {
  if (toDate <= fromDate) return null;
  const region = absRegionOf(place);
  if (!region) return null;
  const series = seriesFor(movement, region.region, dwellingKindOf(propertyType));
  if (!series) return null;
  const months = monthsBetween(fromDate, toDate);
  return {
    fromDate,
    toDate,
    factor: Math.exp(logLevelAt(series, toDate) - logLevelAt(series, fromDate)),
    months: Math.round(months * 10) / 10,
    series: series.name,
    smoothing: movement.smoothing,
    sigmaLog: carrySigmaAt(movement.calibration, months, place.state),
    rangeScale: rangeScaleAt(movement.calibration, months, place.state),
  };
}

/** A city's (or the rest of a state's) published median for the kind of dwelling in the series' last quarter. */
export interface RegionMedian {
  region: string;
  capital: boolean;
  kind: DwellingKind;
  medianAud: number;
  quarter: string;
  /** The quarter's last day. */
  asAt: string;
  transfers: number | null;
  series: string;
  source: string;
}

/**
 * The ABS median of the place's region for its kind of dwelling in the last quarter (not smoothed: the
 * published figure), or null where no series covers the place.
 */
export function regionMedianOf(movement: MarketMovement, place: { state?: string | null; lat: number; lng: number }, propertyType: string | null | undefined): RegionMedian | null {
  const region = absRegionOf(place);
  if (!region) return null;
  const series = seriesFor(movement, region.region, dwellingKindOf(propertyType));
  if (!series) return null;
  return {
    region: region.region,
    capital: region.capital,
    kind: series.kind,
    medianAud: Math.round(series.last.medianAud),
    quarter: series.last.quarter,
    asAt: quarterEndDate(series.last.quarter),
    transfers: series.last.transfers,
    series: series.name,
    source: movement.source,
  };
}

/**
 * How much direct evidence a valuation rests on: the property's own recent sale (anchor weight at
 * least 0.5), its 12 nearest earlier sales of its type within NEAR_EVIDENCE_KM (their median
 * distance), or further.
 */
export const EVIDENCE_LEVELS = ['own sale', 'near', 'far'] as const;
export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];
export const NEAR_EVIDENCE_KM = 1.5;

export function evidenceLevelOf(ownSaleWeight: number | null, nearbyDistanceKm: number): EvidenceLevel {
  if (ownSaleWeight != null && ownSaleWeight >= 0.5) return 'own sale';
  return Number.isFinite(nearbyDistanceKm) && nearbyDistanceKm <= NEAR_EVIDENCE_KM ? 'near' : 'far';
}

/** The FSD multiplier of the calibration's nearest horizon at or above `months` (the longest beyond), for an evidence level (1 when not calibrated). */
export function fsdMultiplierAt(calibration: CarryForwardCalibration, months: number, evidence: EvidenceLevel): number {
  const { horizonMonths, evidence: levels, multiplier } = calibration.fsd;
  const level = levels.indexOf(evidence);
  if (level < 0 || horizonMonths.length === 0) return 1;
  let row = horizonMonths.findIndex((horizon) => months <= horizon);
  if (row < 0) row = horizonMonths.length - 1;
  return multiplier[row]?.[level] ?? 1;
}
