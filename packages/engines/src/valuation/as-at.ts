/**
 * The valuation date rule: each market (state) is valued as at its own latest sale. A later date
 * is answered as at that latest sale, and says that no later evidence exists: nothing is
 * extrapolated, and no market borrows another's later movement.
 */
import type { SalesIndex } from './sales-index.ts';
import { formatLongDate as formatAustralianLongDate } from '@propguard/schemas';

/** The city each market's sales come from (the data sets of data/README.md). */
export const MARKET_CITY: Readonly<Record<string, string>> = { VIC: 'Melbourne', WA: 'Perth', NSW: 'Sydney' };

export interface MarketAsAt {
  /** The date the valuation is as at (YYYY-MM-DD); only sales strictly before it are used. */
  asAt: string;
  /** The market's name, e.g. "Melbourne (VIC)". */
  market: string;
  state: string | null;
  marketLastSaleDate: string;
  /** True when a later date was asked for and the market's last date was used instead. */
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

/**
 * @example resolveAsAt(index, 'VIC') // { asAt: '2018-03-17', market: 'Melbourne (VIC)', capped: false, note: 'as at 17 March 2018, the latest Melbourne (VIC) sale in our data' ... }
 * @example resolveAsAt(index, 'VIC', '2020-01-01').capped // true
 */
export function resolveAsAt(index: SalesIndex, state: string | null | undefined, requested?: string): MarketAsAt {
  const own = state ? index.lastSaleDateByMarket.get(state) : undefined;
  const last = own ?? index.lastSaleDate;
  const market = own && state ? marketName(state) : 'all markets';
  const missing = own ? '' : `; no ${state ?? 'state'} sales are in our data, so the latest sale of any market is used`;
  if (requested === undefined) {
    return { asAt: last, market, state: state ?? null, marketLastSaleDate: last, capped: false, note: `as at ${formatLongDate(last)}, the latest ${market} sale in our data${missing}` };
  }
  if (requested > last) {
    return {
      asAt: last,
      market,
      state: state ?? null,
      marketLastSaleDate: last,
      capped: true,
      note: `${formatLongDate(requested)} is after the latest ${market} sale in our data (${formatLongDate(last)}): no later evidence exists, so the value is as at ${formatLongDate(last)}${missing}`,
    };
  }
  return { asAt: requested, market, state: state ?? null, marketLastSaleDate: last, capped: false, note: `as at ${formatLongDate(requested)}, as asked${missing}` };
}

/**
 * The line `assumed` carries for a valuation date the caller did not ask for, or asked for past its
 * market's data (the API, the CLI and a portfolio's rows say it alike); null for a date as asked.
 * @example asAtAssumption(resolveAsAt(index, 'VIC'), undefined) // 'asAt: 2018-03-03 (as at 3 March 2018, the latest Melbourne (VIC) sale in our data)'
 */
export function asAtAssumption(market: MarketAsAt, requested: string | undefined): string | null {
  return requested === undefined || market.capped ? `asAt: ${market.asAt} (${market.note})` : null;
}
