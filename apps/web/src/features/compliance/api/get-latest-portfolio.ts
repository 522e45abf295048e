import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestPortfolioSummaryResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/portfolios/latest/summary: the summary of the workspace's newest completed portfolio, or null. */
export function getLatestPortfolioSummary(signal?: AbortSignal): Promise<LatestPortfolioSummaryResponse> {
  return requestApi<LatestPortfolioSummaryResponse>('/portfolios/latest/summary', { signal });
}

export function useLatestPortfolioSummary() {
  return useQuery(queryOptions({ queryKey: ['portfolios', 'latest-summary'], queryFn: ({ signal }) => getLatestPortfolioSummary(signal) }));
}
