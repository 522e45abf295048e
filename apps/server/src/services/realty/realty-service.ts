import { performance } from 'node:perf_hooks';
import { getSaleListing, listSalesOfProperty, searchSales, SEARCH_TOTAL_CAP, type SaleListingRow, type SalesSearchFilter } from '@propguard/db';
import { describeLocation, parseSearchLocation } from '@propguard/engines';
import {
  AppError,
  listingIdSchema,
  GAP_SORT_WINDOW,
  type CacheStatus,
  type Listing,
  type PropertyDetails,
  type PropertyHistoryResponse,
  type SearchRequest,
  type SearchResponse,
} from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { computeListingEnrichment, computeValuationGap, listingEnrichmentKey } from './listing-enrichment.ts';
import { findListingSentiment } from '../market/market-service.ts';
import { toHistoryEntry, toListing } from './listing-presenter.ts';
import { resolvePlace } from './place-choice.ts';
import { LruMap } from '../lru-map.ts';

/**
 * "For sale" and "for rent" are current listings: only a configured listings feed could supply
 * them, and none is connected. Our data hold past sales only, and an auction passed in years ago is
 * not on the market today (issue 34), so these searches answer with no listings and this note.
 */
const CURRENT_LISTINGS_NOTES: Readonly<Record<'for-sale' | 'for-rent', string>> = {
  'for-sale': 'Our data hold past sales only: no current for-sale listings feed is configured, so there are no properties for sale to show. Choose "Recently Sold" for the recorded sales.',
  'for-rent': 'Our data hold past sales only: no rental listings feed is configured, so there are no properties for rent to show. Choose "Recently Sold" for the recorded sales.',
};

async function enrich(context: AppContext, row: SaleListingRow): Promise<Listing> {
  const enrichment = await context.listingCache.getOrCompute(listingEnrichmentKey(context, row.id), () => computeListingEnrichment(context, row));
  return toListing(row, enrichment);
}

/** Fills each listing's suburb market sentiment (issue 6), or says why it is absent. */
async function addMarketSentiment(context: AppContext, listings: Listing[], computeIfMissing: boolean): Promise<void> {
  for (const listing of listings) {
    const found = await findListingSentiment(context, listing, computeIfMissing);
    listing.unavailable = { ...listing.unavailable };
    if (found.sentiment) listing.propguard_market_sentiment = found.sentiment;
    else listing.unavailable.propguard_market_sentiment = found.reason ?? 'No market data';
  }
}

async function gapOf(context: AppContext, row: SaleListingRow): Promise<number> {
  const cached = context.listingCache.peek(listingEnrichmentKey(context, row.id));
  if (cached) return cached.propguard_valuation?.valuation_gap ?? Number.NaN;
  return computeValuationGap(context, row);
}

/**
 * How long a search's number of matches is reused. Counting them (up to SEARCH_TOTAL_CAP) is most
 * of a search's database time, while the page and each of its listings are read fresh; the totals
 * are kept per set of filters and per loaded data (the valuation runtime's sales), so a restart on
 * new data starts afresh and a total counted before an import beside a running server lags by this at most.
 */
const SEARCH_TOTAL_TTL_MS = 60_000;
const SEARCH_TOTALS_KEPT = 2_000;
const searchTotals = new WeakMap<AppContext['database'], LruMap<string, { total: number; countedAt: number }>>();

function searchTotalKey(context: AppContext, filter: Omit<SalesSearchFilter, 'orderBy' | 'limit' | 'offset'>): string {
  const data = context.valuation.ready ? `${context.valuation.runtime.salesIndexed}|${context.valuation.runtime.latestSaleDate}` : 'none';
  return `${data}|${JSON.stringify([filter.location, filter.category, filter.minPriceAud, filter.maxPriceAud, filter.minBedrooms, filter.minBathrooms])}`;
}

/** searchSales with the number of matches counted at most once a SEARCH_TOTAL_TTL_MS per filter. */
async function searchSalesCounted(context: AppContext, filter: SalesSearchFilter, now: number = Date.now()): Promise<{ rows: SaleListingRow[]; total: number }> {
  let totals = searchTotals.get(context.database);
  if (!totals) searchTotals.set(context.database, (totals = new LruMap(SEARCH_TOTALS_KEPT)));
  const key = searchTotalKey(context, filter);
  const known = totals.get(key);
  const isFresh = known !== undefined && now - known.countedAt < SEARCH_TOTAL_TTL_MS;
  const found = await searchSales(context.database, filter, isFresh ? known.total : undefined);
  if (!isFresh) totals.set(key, { total: found.total, countedAt: now });
  return found;
}

/**
 * POST /api/realty/search. Filters run as SQL; each listing carries our valuation and hazard
 * risk (cached). The valuation-gap sorts value the GAP_SORT_WINDOW newest matches and sort those.
 */
export async function searchListings(context: AppContext, request: SearchRequest): Promise<SearchResponse> {
  const started = performance.now();
  // "Richmond" alone is in five states: the one with the most sales is searched, and said so.
  const { location, choice } = await resolvePlace(context, parseSearchLocation(request.location));
  const base = { success: true as const, total_capped_at: SEARCH_TOTAL_CAP, offset: request.offset, limit: request.limit, sort: request.sort, location: { text: request.location, matched: describeLocation(location) }, place_choice: choice };
  if (request.property_type !== 'sold') {
    return { ...base, properties: [], total: 0, next_offset: null, note: CURRENT_LISTINGS_NOTES[request.property_type], took_ms: Math.round(performance.now() - started) };
  }
  const isGapSort = request.sort === 'gap-desc' || request.sort === 'gap-asc';
  const filter = {
    location,
    category: request.property_category,
    minPriceAud: request.min_price,
    maxPriceAud: request.max_price,
    minBedrooms: request.bedrooms,
    minBathrooms: request.bathrooms,
    orderBy: isGapSort ? ('date-desc' as const) : (request.sort as 'date-desc' | 'price-asc' | 'price-desc'),
    limit: isGapSort ? GAP_SORT_WINDOW : request.limit,
    offset: isGapSort ? 0 : request.offset,
  };
  const { rows, total } = await searchSalesCounted(context, filter);
  let pageRows = rows;
  let nextOffset = request.offset + request.limit < Math.min(total, SEARCH_TOTAL_CAP) ? request.offset + request.limit : null;
  const notes: string[] = [];
  if (isGapSort) {
    // Rank the window by the valuation gap alone (cached where known), then enrich only the page.
    const direction = request.sort === 'gap-desc' ? -1 : 1;
    const ranked: { row: SaleListingRow; gap: number }[] = [];
    for (const row of rows) ranked.push({ row, gap: await gapOf(context, row) });
    // Sales without a valuation go last either way.
    ranked.sort((a, b) => {
      if (Number.isNaN(a.gap) || Number.isNaN(b.gap)) return Number.isNaN(a.gap) ? (Number.isNaN(b.gap) ? 0 : 1) : -1;
      return direction * (a.gap - b.gap);
    });
    const window = ranked.length;
    pageRows = ranked.slice(request.offset, request.offset + request.limit).map((entry) => entry.row);
    nextOffset = request.offset + request.limit < window ? request.offset + request.limit : null;
    if (total > window) notes.push(`The valuation-gap sort ranks the ${window.toLocaleString('en-AU')} most recent of the matching sales.`);
  }
  const properties: Listing[] = [];
  for (const row of pageRows) properties.push(await enrich(context, row));
  await addMarketSentiment(context, properties, false);
  return { ...base, properties, total, next_offset: nextOffset, note: notes.length > 0 ? notes.join(' ') : null, took_ms: Math.round(performance.now() - started) };
}

function saleIdOf(listingId: string): number {
  return Number(listingId.slice('sale-'.length));
}

async function requireSale(context: AppContext, listingId: string): Promise<SaleListingRow> {
  // An id past the sales table's integer key names no sale: 404, never a database error.
  const sale = listingIdSchema.safeParse(listingId).success ? await getSaleListing(context.database, saleIdOf(listingId)) : null;
  if (!sale) throw new AppError('NOT_FOUND', `No property with listing id ${listingId}`);
  return sale;
}

/** GET /api/realty/property/{id}: the listing with our valuation and risk, and every sale of the property. */
export async function getListingDetails(context: AppContext, listingId: string): Promise<PropertyDetails> {
  const sale = await requireSale(context, listingId);
  const history = await listSalesOfProperty(context.database, sale);
  const listing = await enrich(context, sale);
  await addMarketSentiment(context, [listing], true);
  return { ...listing, history: history.map(toHistoryEntry) };
}

/** POST /api/realty/property-history: every sale of that property in our data, oldest first. */
export async function getPropertyHistory(context: AppContext, listingId: string): Promise<PropertyHistoryResponse> {
  const sale = await requireSale(context, listingId);
  const history = await listSalesOfProperty(context.database, sale);
  return {
    success: true,
    listing_id: listingId,
    address: sale.address ?? sale.suburb,
    history: history.map(toHistoryEntry),
    note: sale.addressId === null ? 'This record has no street address (suburb-level data), so other sales of the same property cannot be linked.' : null,
  };
}

export function getCacheStatus(context: AppContext): CacheStatus {
  const cache = context.listingCache;
  const lookups = cache.hits + cache.misses;
  return {
    entries: cache.size,
    max_entries: cache.maxEntries,
    hits: cache.hits,
    misses: cache.misses,
    hit_rate: lookups === 0 ? null : Math.round((cache.hits / lookups) * 1000) / 1000,
    cleared_at: cache.clearedAt,
    what: 'Listing enrichments (model valuation, hazard risk, LVR thresholds) by sale, least recently used dropped first',
  };
}

export function clearCache(context: AppContext): number {
  return context.listingCache.clear(new Date());
}
