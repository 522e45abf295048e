/**
 * Suburb movement where we hold it (issue 31, item 4): the Valuer-General Victoria's annual median
 * house price by locality (2010-2021, data/vic-suburb-median-prices-and-rents) as a carry-forward
 * factor for Victorian houses, in place of the city's ABS series (market-movement.ts) from the last
 * local sale to the table's end, the ABS series after it. `npm run bench:carry-forward` measures it
 * against the ABS carry on the same sales: no clear gain at 6 and 12 months, so the product carries
 * by the ABS series alone (docs/methodology/valuation.md, "Carry-forward"). Pure: the table and the
 * ABS series are arguments.
 */
import { fractionalYear } from './dates.ts';
import { absRegionOf, interpolateLevel, seriesFor, type MarketMovement, type SmoothedSeries } from './market-movement.ts';

/** One row of the table: a locality's median house price of a year (the last year preliminary). */
export interface LocalityMedian {
  /** Upper case, as the table writes it ('BALWYN NORTH'). */
  locality: string;
  year: number;
  medianAud: number;
  preliminary: boolean;
}

/** The months of a year a median covers, and its mid-point in fractional years. */
interface Period {
  year: number;
  lastMonth: number;
  mid: number;
}

interface LocalitySeries {
  locality: string;
  periods: Period[];
  /** ln(median) of each period. */
  logLevels: number[];
}

export interface SuburbMovement {
  /** Upper-case locality -> its series (localities with too few years are left out). */
  localities: ReadonlyMap<string, LocalitySeries>;
  source: string;
}

export const VIC_LOCALITY_SOURCE = 'Valuer-General Victoria (Land Use Victoria), median house price by locality 2010-2021 (2021 preliminary), State of Victoria';
/**
 * The preliminary year's medians are taken as its March quarter's (the table was saved in May 2021;
 * the Valuer-General's preliminary figures are the sales of the year reported so far). An assumption:
 * the source does not say which months.
 */
export const PRELIMINARY_MONTHS = 3;
/** A locality is used when the table gives its median for at least this many years (one gap in 2010-2021 is tolerated). */
export const MIN_LOCALITY_YEARS = 11;

/** How the suburb's series carries: its own annual medians ('suburb'), or the city's ABS series moved by the suburb's change relative to the city's over the same periods ('relative'). */
export type SuburbCarryMethod = 'suburb' | 'relative';

export interface SuburbCarry {
  locality: string;
  /** From fromDate to toDate: the suburb's part, then the ABS series' part after the table's end. */
  factor: number;
  /** The suburb's part (fromDate to `until`). */
  suburbFactor: number;
  /** Where the suburb's part stops: toDate, or the table's last point when toDate is later. */
  until: string;
  method: SuburbCarryMethod;
  /** e.g. 'Valuer-General Victoria median house price, RESERVOIR (annual, interpolated between period mid-points) to 15 February 2021, then ABS 6432.0 ...' */
  series: string;
}

function periodOf(year: number, preliminary: boolean): Period {
  const lastMonth = preliminary ? PRELIMINARY_MONTHS : 12;
  return { year, lastMonth, mid: year + lastMonth / 24 };
}

/** The table's rows as one series per locality (ascending years; blank years and thin localities left out). */
export function buildSuburbMovement(rows: readonly LocalityMedian[]): SuburbMovement {
  const byLocality = new Map<string, LocalityMedian[]>();
  for (const row of rows) {
    if (!Number.isFinite(row.medianAud) || row.medianAud <= 0 || !row.locality) continue;
    const key = row.locality.trim().toUpperCase();
    const list = byLocality.get(key);
    if (list) list.push(row);
    else byLocality.set(key, [row]);
  }
  const localities = new Map<string, LocalitySeries>();
  for (const [locality, list] of byLocality) {
    if (list.length < MIN_LOCALITY_YEARS) continue;
    const sorted = [...list].sort((a, b) => a.year - b.year);
    localities.set(locality, { locality, periods: sorted.map((row) => periodOf(row.year, row.preliminary)), logLevels: sorted.map((row) => Math.log(row.medianAud)) });
  }
  return { localities, source: VIC_LOCALITY_SOURCE };
}

/** The ABS series' mean smoothed log level over the months of a period (its quarters' mid-points inside it). */
function absPeriodLevel(series: SmoothedSeries, period: Period): number {
  const levels = series.times.flatMap((time, i) => (time >= period.year && time < period.year + period.lastMonth / 12 ? [series.logLevels[i]!] : []));
  return levels.length > 0 ? levels.reduce((sum, level) => sum + level, 0) / levels.length : interpolateLevel(series.times, series.logLevels, period.mid);
}

/** A fractional year as a date ('2021-02-15'). */
function dateOf(time: number): string {
  const year = Math.floor(time);
  const months = (time - year) * 12;
  const month = Math.min(11, Math.floor(months));
  const day = Math.min(28, 1 + Math.round((months - month) * 30));
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The carry of a Victorian house from `fromDate` to `toDate` by its locality's annual medians
 * (linear between period mid-points), the ABS series of its region after the table's last point;
 * null (carry by the ABS series alone) outside Victoria, for a type other than a house, for a
 * locality the table lacks or gives too few years, or when fromDate is outside the table's span.
 * @example suburbCarry(abs, suburbs, { state: 'VIC', lat: -37.72, lng: 145.03, suburb: 'Reservoir' }, 'house', '2017-08-15', '2018-02-15')?.factor
 */
export function suburbCarry(
  abs: MarketMovement,
  suburbs: SuburbMovement,
  place: { state?: string | null; lat: number; lng: number; suburb?: string | null },
  propertyType: string | null | undefined,
  fromDate: string,
  toDate: string,
  method: SuburbCarryMethod = 'suburb',
): SuburbCarry | null {
  if (toDate <= fromDate || place.state !== 'VIC' || (propertyType != null && propertyType !== 'house') || !place.suburb) return null;
  const local = suburbs.localities.get(place.suburb.trim().toUpperCase());
  const region = absRegionOf(place);
  const city = region ? seriesFor(abs, region.region, 'house') : null;
  if (!local || !city) return null;
  const times = local.periods.map((period) => period.mid);
  const from = fractionalYear(fromDate);
  const to = fractionalYear(toDate);
  const last = times[times.length - 1]!;
  if (from < times[0]! || from >= last) return null;
  const until = Math.min(to, last);
  const suburbChange = interpolateLevel(times, local.logLevels, until) - interpolateLevel(times, local.logLevels, from);
  const cityChange = (t0: number, t1: number) => interpolateLevel(city.times, city.logLevels, t1) - interpolateLevel(city.times, city.logLevels, t0);
  let suburbPart = suburbChange;
  if (method === 'relative') {
    const annual = local.periods.map((period) => absPeriodLevel(city, period));
    const cityAnnualChange = interpolateLevel(times, annual, until) - interpolateLevel(times, annual, from);
    suburbPart = cityChange(from, until) + suburbChange - cityAnnualChange;
  }
  const tail = to > until ? cityChange(until, to) : 0;
  const untilDate = to > until ? dateOf(until) : toDate;
  const how = method === 'suburb' ? 'annual, interpolated between period mid-points' : `its change relative to ${city.name}'s over the same periods, on that series' quarterly path`;
  return {
    locality: local.locality,
    factor: Math.exp(suburbPart + tail),
    suburbFactor: Math.exp(suburbPart),
    until: untilDate,
    method,
    series: `Valuer-General Victoria median house price, ${local.locality} (${how})${to > until ? ` to ${untilDate}, then ${city.name}` : ''}`,
  };
}
