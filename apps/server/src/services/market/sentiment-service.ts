import { analysePropertySentiment, parseAddress } from '@propguard/engines';
import { AppError, type MarketAnalysis, type MarketSentimentRequest, type MarketSentimentResponse, type PropertySentiment } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { writeWithModel } from '../llm/llm-text.ts';
import { analyseLocation } from './market-service.ts';

/** Every figure a faithful summary may quote. */
function factsOf(analysis: MarketAnalysis): number[] {
  const m = analysis.market_metrics;
  const s = analysis.sentiment;
  const i = analysis.investment;
  const values = [m.median_price, m.price_growth_yoy, m.auction_clearance_rate, m.sales_volume, m.listing_volume, m.volume_change, s.sentiment_score, 10, 12,
    Number(analysis.as_at.slice(0, 4)), Number(analysis.as_at.slice(8, 10)), i?.gross_yield, i?.net_yield, i?.cap_rate, i?.noi, i?.dscr, i?.cash_on_cash, i?.weekly_rent];
  return values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

/** One summary sentence written by the configured model from the computed facts, or null. */
async function writeLlmSummary(context: AppContext, analysis: MarketAnalysis): Promise<string | null> {
  const facts = { location: analysis.location, property_type: analysis.property_type, as_at: analysis.as_at, ...analysis.market_metrics, trend: analysis.trend_analysis, sentiment_score: analysis.sentiment.sentiment_score };
  return writeWithModel(context, { task: 'one plain sentence summarising a property market for a lender', facts, allowedNumbers: factsOf(analysis), maxChars: 600 });
}

/** The suburb of the original client's property: its own suburb field, else read from its address. */
function locationOfProperty(property: string | { address?: string; suburb?: string; state?: string } | undefined): string | undefined {
  if (property === undefined) return undefined;
  if (typeof property === 'object' && property.suburb) return [property.suburb, property.state].filter(Boolean).join(' ');
  const address = typeof property === 'string' ? property : property.address;
  if (!address) return undefined;
  const parsed = parseAddress(address);
  return parsed.suburb ? [parsed.suburb, parsed.state, parsed.postcode].filter(Boolean).join(' ') : undefined;
}

/** POST /api/llm/market-sentiment: the sentiment of the market engine for a location. */
export async function getMarketSentiment(context: AppContext, request: MarketSentimentRequest): Promise<MarketSentimentResponse> {
  const data = request.market_data;
  const location = request.location ?? (typeof data === 'string' ? data : data?.location ?? locationOfProperty(data?.property)) ?? '';
  if (!location) throw new AppError('VALIDATION_ERROR', 'give a location: market_data.location, or a property with an address or suburb', { field: 'body.market_data' });
  const propertyType = request.property_type ?? (typeof data === 'object' ? data.property_type : undefined) ?? 'house';
  const outcome = await analyseLocation(context, { location, propertyType, depth: 'basic', loan: request.loan });
  const locationNote = outcome.locationNote ? { location_note: outcome.locationNote } : {};
  if (!outcome.analysis) return { success: true, market_sentiment: null, summary: outcome.reason, location, as_at: null, reason: outcome.reason, ...locationNote };
  const sentiment = outcome.analysis.sentiment;
  const llmSummary = await writeLlmSummary(context, outcome.analysis);
  const marketSentiment = llmSummary ? { ...sentiment, summary: llmSummary, summary_source: 'llm' as const } : sentiment;
  return { success: true, location, as_at: outcome.analysis.as_at, market_sentiment: marketSentiment, summary: marketSentiment.summary, ...locationNote };
}

/** POST /api/llm/property-sentiment. */
export function getPropertySentiment(description: string): { success: true; sentiment_analysis: PropertySentiment } {
  return { success: true, sentiment_analysis: analysePropertySentiment(description) };
}
