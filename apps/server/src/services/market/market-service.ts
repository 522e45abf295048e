import { performance } from 'node:perf_hooks';
import { loadMarketSales } from '@propguard/db';
import {
  analyseMarket,
  chooseRentQuery,
  cityOfSales,
  DEFAULT_LOAN,
  DEFAULT_QUALITY_INDEX_PARAMS,
  describeLocation,
  findRent,
  fitQualityIndex,
  MARKET_THRESHOLDS,
  marketGroupOf,
  monthLabel,
  monthOf,
  marketLocationOf,
  parseSearchLocation,
  type MarketSale,
  type RentLookup,
  type RentRow,
  type SearchLocation,
} from '@propguard/engines';
import type { Listing, LoanInputs, MarketAnalysisRequest, MarketAnalysisResponse, MarketPropertyType } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import type { MarketOutcome } from './market-cache.ts';
import { redactPaths } from '../../http/redact.ts';
import { resolvePlace } from '../realty/place-choice.ts';

const TYPE_PLURAL: Record<MarketPropertyType, string> = { house: 'houses', unit: 'units', townhouse: 'townhouses', villa: 'villas', land: 'land sales' };

async function lookUpRent(context: AppContext, location: SearchLocation, sales: readonly MarketSale[], propertyType: MarketPropertyType, asAt: string): Promise<RentLookup> {
  const query = chooseRentQuery(location, sales, asAt);
  if ('found' in query) return query;
  let rents: RentRow[];
  try {
    rents = await context.market.getRents(context.config.dataDir);
  } catch (error) {
    return { found: false, reason: `The rent table could not be loaded (${redactPaths((error as Error).message)}): yields are not available until it loads` };
  }
  return findRent(rents, query.suburb, propertyType, query.bedrooms, asAt);
}

async function computeCityIndex(context: AppContext, location: SearchLocation, sales: readonly MarketSale[], propertyType: MarketPropertyType, asAt: string) {
  const city = cityOfSales(location, sales);
  if (!city) return null;
  const asAtMonth = monthOf(asAt);
  return context.market.getCityIndex(`${city.name}|${propertyType}|${asAtMonth}`, async () => {
    const from = monthLabel(asAtMonth - MARKET_THRESHOLDS.indexMonths + 1);
    const citySales = await loadMarketSales(context.database, city.location, propertyType, asAt, `${from}-01`);
    const priced = citySales.filter((sale) => sale.isMarketSale && sale.priceAud !== null);
    if (priced.length === 0) return null;
    const firstMonth = Math.max(monthOf(priced[0]!.saleDate), asAtMonth - MARKET_THRESHOLDS.indexMonths + 1);
    const index = fitQualityIndex(priced, firstMonth, asAtMonth, marketGroupOf, DEFAULT_QUALITY_INDEX_PARAMS);
    return { index, label: city.name };
  });
}

function analysisKey(request: { location: string; propertyType: MarketPropertyType; depth: 'basic' | 'comprehensive'; asAt?: string }, loan: LoanInputs): string {
  return JSON.stringify([request.location.trim().toUpperCase(), request.propertyType, request.depth, request.asAt ?? null, loan]);
}

const LISTING_TYPES: ReadonlySet<string> = new Set(['house', 'unit', 'townhouse', 'villa', 'land']);

/**
 * A listing's `propguard_market_sentiment`: its suburb's market sentiment (basic depth). Property
 * pages compute it; search lists use it only when already cached, so that search stays fast.
 */
export async function findListingSentiment(
  context: AppContext,
  listing: { suburb: string; state: string | null; postcode: string | null; property_type: string },
  computeIfMissing: boolean,
): Promise<{ sentiment: Listing['propguard_market_sentiment']; reason?: undefined } | { sentiment?: undefined; reason: string }> {
  const propertyType = (LISTING_TYPES.has(listing.property_type) ? listing.property_type : 'house') as MarketPropertyType;
  const request = { location: [listing.suburb, listing.state, listing.postcode].filter(Boolean).join(' '), propertyType, depth: 'basic' as const };
  const pending = computeIfMissing ? analyseLocation(context, request) : context.market.peekAnalysis(analysisKey(request, DEFAULT_LOAN));
  if (!pending) return { reason: 'Computed on the property page (or after a market analysis of this suburb), to keep search fast' };
  const outcome = await pending;
  if (!outcome.analysis) return { reason: outcome.reason };
  const { sentiment, market_metrics: metrics } = outcome.analysis;
  return {
    sentiment: {
      trend: sentiment.trend,
      confidence: sentiment.confidence,
      summary: sentiment.summary,
      indicators: { price_growth: metrics.price_growth_yoy, days_on_market: null },
    },
  };
}

/** The market analysis of a location and type (cached), or why there is none. */
export async function analyseLocation(context: AppContext, request: { location: string; propertyType: MarketPropertyType; depth: 'basic' | 'comprehensive'; asAt?: string; loan?: LoanInputs }): Promise<MarketOutcome> {
  const loan = request.loan ?? DEFAULT_LOAN;
  // A street address where a suburb goes is answered for its suburb, and the answer says so.
  const { location: text, note: locationNote } = marketLocationOf(request.location);
  return context.market.getAnalysis(analysisKey({ ...request, location: text }, loan), async () => {
    // An ambiguous suburb name is read as the state with the most sales, and the choice disclosed.
    const { location, choice: placeChoice } = await resolvePlace(context, parseSearchLocation(text));
    if (location.kind === 'text') return { analysis: null, reason: `"${request.location}" reads as an address: enter a suburb, postcode, city or state` };
    const sales = await loadMarketSales(context.database, location, request.propertyType, request.asAt);
    const priced = sales.filter((sale) => sale.isMarketSale && sale.priceAud !== null);
    if (priced.length === 0) return { analysis: null, placeChoice, reason: `No priced sales of ${TYPE_PLURAL[request.propertyType]} recorded for ${describeLocation(location)}` };
    const asAt = request.asAt ?? sales[sales.length - 1]!.saleDate;
    const [rent, cityIndex] = await Promise.all([
      lookUpRent(context, location, sales, request.propertyType, asAt),
      request.depth === 'comprehensive' ? computeCityIndex(context, location, sales, request.propertyType, asAt) : Promise.resolve(null),
    ]);
    const dataSources = [`PropGuard sales database: ${sales.length.toLocaleString('en-AU')} recorded results of ${TYPE_PLURAL[request.propertyType]} for ${describeLocation(location)}`];
    if (rent.found) dataSources.push(rent.source);
    const analysis = analyseMarket({
      location: text.trim(),
      matched: describeLocation(location),
      propertyType: request.propertyType,
      asAt,
      depth: request.depth,
      sales,
      groupOf: marketGroupOf,
      cityIndex,
      rent,
      loan,
      dataSources,
    });
    return analysis ? { analysis, placeChoice } : { analysis: null, placeChoice, reason: `No priced sales of ${TYPE_PLURAL[request.propertyType]} up to ${asAt}` };
  }).then((outcome) => (locationNote ? { ...outcome, locationNote } : outcome));
}

/** POST /api/realty/market-analysis. */
export async function getMarketAnalysis(context: AppContext, request: MarketAnalysisRequest): Promise<MarketAnalysisResponse> {
  const started = performance.now();
  const outcome = await analyseLocation(context, { location: request.location, propertyType: request.property_type, depth: request.analysis_depth, asAt: request.as_at, loan: request.loan });
  const took = Math.round((performance.now() - started) * 10) / 10;
  const placeChoice = outcome.placeChoice ?? null;
  return outcome.analysis
    ? { success: true, market_analysis: outcome.analysis, place_choice: placeChoice, took_ms: took }
    : { success: true, market_analysis: null, place_choice: placeChoice, reason: outcome.reason, took_ms: took };
}
