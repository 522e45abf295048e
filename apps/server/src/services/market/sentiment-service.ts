import { analysePropertySentiment, isSummaryFaithful } from '@propguard/engines';
import type { MarketAnalysis, MarketSentimentRequest, MarketSentimentResponse, PropertySentiment } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { analyseLocation } from './market-service.ts';

/** The model asked for, when LLM_BASE_URL points at an OpenAI-compatible server (e.g. Ollama). */
export const LLM_MODEL = 'llama3.2';
/** A summary sentence is not worth a slow page: the deterministic one is used after this. */
const LLM_TIMEOUT_MS = 4_000;

/** Every figure a faithful summary may quote. */
function factsOf(analysis: MarketAnalysis): number[] {
  const m = analysis.market_metrics;
  const s = analysis.sentiment;
  const i = analysis.investment;
  const values = [m.median_price, m.price_growth_yoy, m.auction_clearance_rate, m.sales_volume, m.listing_volume, m.volume_change, s.sentiment_score, 10, 12,
    Number(analysis.as_at.slice(0, 4)), Number(analysis.as_at.slice(8, 10)), i?.gross_yield, i?.net_yield, i?.cap_rate, i?.noi, i?.dscr, i?.cash_on_cash, i?.weekly_rent];
  return values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

/**
 * Asks the configured model for one summary sentence from the computed facts; null when no model
 * is configured, it fails, or its text quotes a number that is not one of the facts.
 */
async function writeLlmSummary(context: AppContext, analysis: MarketAnalysis): Promise<string | null> {
  const base = context.config.llmBaseUrl;
  if (!base) return null;
  const facts = { location: analysis.location, property_type: analysis.property_type, as_at: analysis.as_at, ...analysis.market_metrics, trend: analysis.trend_analysis, sentiment_score: analysis.sentiment.sentiment_score };
  try {
    const response = await fetch(`${base.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
      body: JSON.stringify({
        model: LLM_MODEL,
        temperature: 0,
        messages: [
          { role: 'system', content: 'You write one plain sentence summarising a property market for a lender. Use only the numbers given; do not compute new ones. Fractions may be written as percentages.' },
          { role: 'user', content: JSON.stringify(facts) },
        ],
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text || text.length > 600) return null;
    return isSummaryFaithful(text, factsOf(analysis)) ? text : null;
  } catch {
    return null;
  }
}

/** POST /api/llm/market-sentiment: the sentiment of the market engine for a location. */
export async function getMarketSentiment(context: AppContext, request: MarketSentimentRequest): Promise<MarketSentimentResponse> {
  const data = request.market_data;
  const location = request.location ?? (typeof data === 'string' ? data : data?.location) ?? '';
  const propertyType = request.property_type ?? (typeof data === 'object' ? data.property_type : undefined) ?? 'house';
  const outcome = await analyseLocation(context, { location, propertyType, depth: 'basic', loan: request.loan });
  if (!outcome.analysis) return { success: true, market_sentiment: null, location, as_at: null, reason: outcome.reason };
  const sentiment = outcome.analysis.sentiment;
  const llmSummary = await writeLlmSummary(context, outcome.analysis);
  return {
    success: true,
    location,
    as_at: outcome.analysis.as_at,
    market_sentiment: llmSummary ? { ...sentiment, summary: llmSummary, summary_source: 'llm' } : sentiment,
  };
}

/** POST /api/llm/property-sentiment. */
export function getPropertySentiment(description: string): { success: true; sentiment_analysis: PropertySentiment } {
  return { success: true, sentiment_analysis: analysePropertySentiment(description) };
}
