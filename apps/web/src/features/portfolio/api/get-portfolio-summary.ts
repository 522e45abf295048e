import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioSummaryResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/portfolios/{id}/summary: LVR today and in 2050, LMI, capital, hazard and suburb exposure, riskiest loans, map. */
export function getPortfolioSummary(portfolioId: string, signal?: AbortSignal): Promise<PortfolioSummaryResponse> {
  return requestApi<PortfolioSummaryResponse>(`/portfolios/${encodeURIComponent(portfolioId)}/summary`, { signal });
}

/** `version` changes as loans complete, so the summary follows the job. */
export function usePortfolioSummary(portfolioId: string, version: number) {
  return useQuery(queryOptions({ queryKey: ['portfolios', portfolioId, 'summary', version], queryFn: ({ signal }) => getPortfolioSummary(portfolioId, signal) }));
}
