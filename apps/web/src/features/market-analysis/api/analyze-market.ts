import { useMutation } from '@tanstack/react-query';
import type { MarketAnalysisRequestInput, MarketAnalysisResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export type { MarketAnalysis, MarketAnalysisResponse, MarketPropertyType } from '@propguard/schemas';
export type AnalysisDepth = 'basic' | 'comprehensive';
export type MarketAnalysisRequest = Required<Pick<MarketAnalysisRequestInput, 'location' | 'property_type' | 'analysis_depth'>>;

/** POST /api/realty/market-analysis (SPEC.md section 7). Growth and clearance are fractions (0.052 = 5.2%). */
export function analyzeMarket(request: MarketAnalysisRequest): Promise<MarketAnalysisResponse> {
  return requestApi<MarketAnalysisResponse>('/realty/market-analysis', { method: 'POST', body: request });
}

export function useAnalyzeMarket(options: { onSuccess: () => void; onError: () => void }) {
  return useMutation({ mutationKey: ['realty', 'market-analysis'], mutationFn: analyzeMarket, ...options });
}
