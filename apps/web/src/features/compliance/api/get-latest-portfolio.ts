import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioListResponse, PortfolioStatus, PortfolioSummary, PortfolioSummaryResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export type LatestPortfolio = { portfolio: PortfolioStatus; summary: PortfolioSummary } | null;

/**
 * The workspace's latest completed portfolio and its summary (GET /api/portfolios, newest first,
 * then GET /api/portfolios/{id}/summary); null when none has completed.
 */
export async function getLatestPortfolio(signal?: AbortSignal): Promise<LatestPortfolio> {
  const list = await requestApi<PortfolioListResponse>('/portfolios', { signal });
  const latest = list.portfolios.find((portfolio) => portfolio.state === 'completed');
  if (!latest) return null;
  const answer = await requestApi<PortfolioSummaryResponse>(`/portfolios/${encodeURIComponent(latest.id)}/summary`, { signal });
  return { portfolio: latest, summary: answer.summary };
}

export function useLatestPortfolio() {
  return useQuery(queryOptions({ queryKey: ['portfolios', 'latest-summary'], queryFn: ({ signal }) => getLatestPortfolio(signal) }));
}
