import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client.ts';

export type MarketPropertyType = 'house' | 'unit' | 'townhouse' | 'villa' | 'land';
export type AnalysisDepth = 'basic' | 'comprehensive';

export type MarketAnalysisRequest = { location: string; property_type: MarketPropertyType; analysis_depth: AnalysisDepth };

/** SPEC.md section 3, "Market analysis". Growth and clearance are fractions (0.052 = 5.2%). */
export type MarketAnalysis = {
  location: string;
  property_type: string;
  market_metrics?: {
    median_price?: number;
    price_growth_yoy?: number;
    days_on_market?: number;
    auction_clearance_rate?: number;
    listing_volume?: number;
  };
  trend_analysis?: { price_trend?: string; market_heat?: 'hot' | 'warm' | 'cool' | 'cold'; supply_demand_balance?: string };
  ai_insights?: { market_sentiment?: string; investment_outlook?: string; risk_assessment?: string; recommendations?: string[] };
};

export type MarketAnalysisResponse = { success: true; market_analysis: MarketAnalysis | null };

export function analyzeMarket(request: MarketAnalysisRequest): Promise<MarketAnalysisResponse> {
  return requestApi<MarketAnalysisResponse>('/realty/market-analysis', { method: 'POST', body: request });
}

export function useAnalyzeMarket(options: { onSuccess: () => void; onError: () => void }) {
  return useMutation({ mutationKey: ['realty', 'market-analysis'], mutationFn: analyzeMarket, ...options });
}
