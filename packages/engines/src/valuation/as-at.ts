/**
 * The valuation date rule. Each market (state) holds local sales up to its own last sale date. A
 * valuation is as at the ABS series' last quarter (31 March 2025) unless an earlier date is asked
 * for: the model values the property from the local sales before min(as-at, the market's last
 * sale) (the evidence date), and the ABS series of its region and dwelling kind carry that value to
 * the as-at date (market-movement.ts). A date past the series' last quarter is answered as at that
 * quarter's end, and says so. Without the series (or outside the eight states and territories) a
 * market is valued as at its own latest sale, as before.
 */
import { absRegionOf } from './market-movement.ts';
import type { SalesIndex } from './sales-index.ts';
import { formatLongDate as formatAustralianLongDate } from '@propguard/schemas';

/** The city each market's local sales come from (the data sets of data/README.md). */
export const MARKET_CITY: Readonly<Record<string, string>> = { VIC: 'Melbourne', WA: 'Perth', NSW: 'Sydney' };

export interface MarketAsAt {
  /** The date the valuation is as at (YYYY-MM-DD). */
  asAt: string;
  /** The date the model values the property as at: only local sales strictly before it are used; earlier than asAt when the value is carried forward. */
  evidenceDate: string;
  /** The market's name, e.g. "Melbourne (VIC)". */
  market: string;
  state: string | null;
  marketLastSaleDate: string;
  /** False when the place's state has no local sales in our data (then no property estimate is made: the region's ABS median instead). */
  hasLocalSales: boolean;
  /** True when a later date was asked for than the latest the data reach. */
  capped: boolean;
  note: string;
}

const longDates = new Map<string, string>();

/**
 * '2018-03-03' -> '3 March 2018': the schemas' one long-date format (a calendar date reads the same
 * day in Sydney), kept per date: a loan book asks for the same few dates again and again.
 */
export function formatLongDate(date: string): string {
  let text = longDates.get(date);
  if (text === undefined) {
    text = formatAustralianLongDate(`${date}T00:00:00Z`);
    if (longDates.size < 10_000) longDates.set(date, text);
  }
  return text;
}

function marketName(state: string): string {
  const city = MARKET_CITY[state];
  return city ? `${city} (${state})` : state;
}

/** A state with fewer indexed sales than this is not a market of ours (a few strays of another set: 15 QLD sales in the Sydney data). */
export const MIN_MARKET_SALES = 1_000;

/** Where and what a valuation date is decided for. */
export interface AsAtPlace {
  state?: string | null;
  lat?: number;
  lng?: number;
}

/**
 * @example resolveAsAt(index, { state: 'VIC', lat: -37.8, lng: 145 }) // { asAt: '2025-03-31', evidenceDate: '2018-03-17', market: 'Melbourne (VIC)', capped: false, ... }
 * @example resolveAsAt(index, { state: 'VIC' }, '2030-01-01').capped // true
 */
export function resolveAsAt(index: SalesIndex, place: AsAtPlace | string | null | undefined, requested?: string): MarketAsAt {
  const where: AsAtPlace = typeof place === 'object' && place !== null ? place : { state: place };
  const state = where.state ?? null;
  const own = state && (index.saleCountByMarket.get(state) ?? 0) >= MIN_MARKET_SALES ? index.lastSaleDateByMarket.get(state) : undefined;
  const last = own ?? index.lastSaleDate;
  const market = own && state ? marketName(state) : state ? `${state} (no local sales in our data)` : 'all markets';
  const covered = index.movement !== null && state !== null && absRegionOf({ state, lat: where.lat ?? Number.NaN, lng: where.lng ?? Number.NaN }) !== null;
  const latest = covered && index.movement!.lastQuarterEnd > last ? index.movement!.lastQuarterEnd : last;
  const capped = requested !== undefined && requested > latest;
  const asAt = requested === undefined || capped ? latest : requested;
  const evidenceDate = asAt < last ? asAt : last;
  const base = { asAt, evidenceDate, market, state, marketLastSaleDate: last, hasLocalSales: own !== undefined, capped };
  const carried = evidenceDate < asAt ? `; its latest local sale in our data is of ${formatLongDate(last)}, so the value is carried forward from that date by the ABS series of the region's median transfer prices` : '';
  if (!own) {
    const missing = `no ${state ?? 'state'} sales are in our data`;
    return { ...base, note: `as at ${formatLongDate(asAt)}${capped ? ` (${formatLongDate(requested!)} is after the latest data)` : ''}; ${missing}` };
  }
  if (capped) {
    const reach = latest > last ? 'the latest quarter of the ABS series' : `the latest ${market} sale in our data`;
    return { ...base, note: `${formatLongDate(requested!)} is after ${reach} (${formatLongDate(latest)}): no later evidence exists, so the value is as at ${formatLongDate(asAt)}${carried}` };
  }
  if (requested === undefined) {
    return { ...base, note: evidenceDate < asAt ? `as at ${formatLongDate(asAt)}, the end of the latest quarter of the ABS series${carried}` : `as at ${formatLongDate(asAt)}, the latest ${market} sale in our data` };
  }
  return { ...base, note: `as at ${formatLongDate(asAt)}, as asked${carried}` };
}

/**
 * The line `assumed` carries for a valuation date the caller did not ask for, or asked for past its
 * market's data (the API, the CLI and a portfolio's rows say it alike); null for a date as asked.
 * @example asAtAssumption(resolveAsAt(index, { state: 'VIC' }), undefined) // 'asAt: 2025-03-31 (as at 31 March 2025, the end of the latest quarter of the ABS series; ...)'
 */
export function asAtAssumption(market: MarketAsAt, requested: string | undefined): string | null {
  return requested === undefined || market.capped ? `asAt: ${market.asAt} (${market.note})` : null;
}
