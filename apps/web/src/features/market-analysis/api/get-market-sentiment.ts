import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketSentimentResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/llm/market-sentiment for a suburb: the dashboard's Market Sentiment and Investment Metrics panels. */
export function getMarketSentiment(location: string, propertyType: string): Promise<MarketSentimentResponse> {
  const type = ['house', 'unit', 'townhouse', 'villa', 'land'].includes(propertyType) ? propertyType : 'house';
  return requestApi<MarketSentimentResponse>('/llm/market-sentiment', { method: 'POST', body: { location, property_type: type } });
}

export function marketSentimentQueryOptions(location: string, propertyType: string) {
  return queryOptions({ queryKey: ['llm', 'market-sentiment', location, propertyType], queryFn: () => getMarketSentiment(location, propertyType), staleTime: Infinity });
}

export function useMarketSentiment(location: string | null, propertyType: string) {
  return useQuery({ ...marketSentimentQueryOptions(location ?? '', propertyType), enabled: location !== null && location !== '' });
}
