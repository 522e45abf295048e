import { performance } from 'node:perf_hooks';
import { loadMarketSales, loadVicRents } from '@propguard/db';
import {
  analyseMarket,
  CAPITAL_CITIES,
  CITY_RADIUS_KM,
  DEFAULT_LOAN,
  DEFAULT_QUALITY_INDEX_PARAMS,
  findRent,
  fitQualityIndex,
  MARKET_THRESHOLDS,
  medianOf,
  monthLabel,
  monthOf,
  parseSearchLocation,
  type MarketSale,
  type QualityIndex,
  type RentLookup,
  type RentRow,
  type SearchLocation,
  yearBefore,
} from '@propguard/engines';
import type { Listing, LoanInputs, MarketAnalysis, MarketAnalysisRequest, MarketAnalysisResponse, MarketPropertyType, PlaceChoice } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { describeLocation } from '../realty/realty-service.ts';
import { redactPaths } from '../../http/redact.ts';
import { resolvePlace } from '../realty/place-choice.ts';

/** Analyses kept (a few tens of kB each); the sales do not change while the server runs. */
const ANALYSIS_CACHE_ENTRIES = 500;

/**
 * The market engine's lazily computed state: the rent table (read on first use), the city
 * indices and recent analyses. Nothing is computed at start; the first analysis of a place
 * costs one query and one index fit, later ones are a map look-up.
 */
export class MarketCache {
  private rents: Promise<RentRow[]> | null = null;
  /** How long the last city index took to load and fit (for the benchmark). */
  lastCityTiming: { city: string; rows: number; loadMs: number; fitMs: number } | null = null;
  private readonly cityIndices = new Map<string, Promise<{ index: QualityIndex; label: string } | null>>();
  private readonly analyses = new Map<string, Promise<MarketOutcome>>();

  /** The rent table; a failed load is not kept (the next call tries again) and is reported as a failure, not as "no rents". */
  getRents(dataDir: string): Promise<RentRow[]> {
    if (!this.rents) {
      const loading = loadVicRents(dataDir);
      this.rents = loading;
      loading.catch(() => {
        if (this.rents === loading) this.rents = null;
      });
    }
    return this.rents;
  }

  getCityIndex(key: string, compute: () => Promise<{ index: QualityIndex; label: string } | null>) {
    let cached = this.cityIndices.get(key);
    if (!cached) {
      cached = compute();
      this.cityIndices.set(key, cached);
    }
    return cached;
  }

  /** A cached analysis, without computing one (null when absent or still computing). */
  peekAnalysis(key: string): Promise<MarketOutcome> | null {
    return this.analyses.get(key) ?? null;
  }

  getAnalysis(key: string, compute: () => Promise<MarketOutcome>): Promise<MarketOutcome> {
    const cached = this.analyses.get(key);
    if (cached) {
      this.analyses.delete(key);
      this.analyses.set(key, cached);
      return cached;
    }
    const computed = compute();
    this.analyses.set(key, computed);
    // A failed computation is not kept.
    computed.catch(() => this.analyses.delete(key));
    if (this.analyses.size > ANALYSIS_CACHE_ENTRIES) {
      const oldest = this.analyses.keys().next().value;
      if (oldest !== undefined) this.analyses.delete(oldest);
    }
    return computed;
  }
}

export type MarketOutcome = ({ analysis: MarketAnalysis; reason?: undefined } | { analysis: null; reason: string }) & { placeChoice?: PlaceChoice | null };

const TYPE_PLURAL: Record<MarketPropertyType, string> = { house: 'houses', unit: 'units', townhouse: 'townhouses', villa: 'villas', land: 'land sales' };

function groupOf(sale: MarketSale): string {
  return `${sale.suburb.toUpperCase()}|${sale.postcode ?? ''}`;
}

function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [value, count] of counts) if (count > bestCount) { best = value; bestCount = count; }
  return best;
}

/** The capital city whose index a suburb is compared with: its state's capital. */
function cityOf(state: string | null): { name: string; location: SearchLocation } | null {
  const entry = Object.entries(CAPITAL_CITIES).find(([, city]) => city.state === state);
  if (!entry) return null;
  const [name, city] = entry;
  return { name: `Greater ${name.charAt(0)}${name.slice(1).toLowerCase()}`, location: { kind: 'city', city: name, ...city, radiusKm: CITY_RADIUS_KM } };
}

async function lookUpRent(context: AppContext, location: SearchLocation, sales: readonly MarketSale[], propertyType: MarketPropertyType, asAt: string): Promise<RentLookup> {
  if (location.kind !== 'suburb' && location.kind !== 'postcode') return { found: false, reason: 'Rents are published by suburb group: choose a suburb to see yields' };
  const state = mostCommon(sales.map((sale) => sale.state ?? ''));
  if (state !== 'VIC') return { found: false, reason: 'No rent data for this state: our rent data are the Victorian DFFH Rental Report' };
  const suburb = location.kind === 'suburb' ? location.suburb : mostCommon(sales.map((sale) => sale.suburb.toUpperCase()));
  if (!suburb) return { found: false, reason: 'No suburb to look up rents for' };
  const recentBedrooms = sales.filter((sale) => sale.bedrooms !== null && sale.saleDate > yearBefore(asAt)).map((sale) => sale.bedrooms!);
  const bedrooms = recentBedrooms.length > 0 ? Math.round(medianOf(recentBedrooms)) : null;
  let rents: RentRow[];
  try {
    rents = await context.market.getRents(context.config.dataDir);
  } catch (error) {
    return { found: false, reason: `The rent table could not be loaded (${redactPaths((error as Error).message)}): yields are not available until it loads` };
  }
  return findRent(rents, suburb, propertyType, bedrooms, asAt);
}

async function computeCityIndex(context: AppContext, location: SearchLocation, sales: readonly MarketSale[], propertyType: MarketPropertyType, asAt: string) {
  if (location.kind === 'city' || location.kind === 'state') return null;
  const city = cityOf(mostCommon(sales.map((sale) => sale.state ?? '')));
  if (!city) return null;
  const asAtMonth = monthOf(asAt);
  return context.market.getCityIndex(`${city.name}|${propertyType}|${asAtMonth}`, async () => {
    const started = performance.now();
    const from = monthLabel(asAtMonth - MARKET_THRESHOLDS.indexMonths + 1);
    const citySales = await loadMarketSales(context.database, city.location, propertyType, asAt, `${from}-01`);
    const loaded = performance.now();
    const priced = citySales.filter((sale) => sale.isMarketSale && sale.priceAud !== null);
    if (priced.length === 0) return null;
    const firstMonth = Math.max(monthOf(priced[0]!.saleDate), asAtMonth - MARKET_THRESHOLDS.indexMonths + 1);
    const index = fitQualityIndex(priced, firstMonth, asAtMonth, groupOf, DEFAULT_QUALITY_INDEX_PARAMS);
    context.market.lastCityTiming = { city: city.name, rows: citySales.length, loadMs: Math.round(loaded - started), fitMs: Math.round(performance.now() - loaded) };
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
  return context.market.getAnalysis(analysisKey(request, loan), async () => {
    // An ambiguous suburb name is read as the state with the most sales, and the choice disclosed.
    const { location, choice: placeChoice } = await resolvePlace(context, parseSearchLocation(request.location));
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
      location: request.location.trim(),
      matched: describeLocation(location),
      propertyType: request.propertyType,
      asAt,
      depth: request.depth,
      sales,
      groupOf,
      cityIndex,
      rent,
      loan,
      dataSources,
    });
    return analysis ? { analysis, placeChoice } : { analysis: null, placeChoice, reason: `No priced sales of ${TYPE_PLURAL[request.propertyType]} up to ${asAt}` };
  });
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
