import { useMutation } from '@tanstack/react-query';
import type { PortfolioStressResponse, StressScenarioInput } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/portfolios/{id}/stress: a scenario on a stored portfolio, base against stressed. */
export function stressPortfolio(portfolioId: string, scenario: StressScenarioInput): Promise<PortfolioStressResponse> {
  return requestApi<PortfolioStressResponse>(`/portfolios/${encodeURIComponent(portfolioId)}/stress`, { method: 'POST', body: scenario });
}

export function useStressPortfolio(portfolioId: string) {
  return useMutation({ mutationKey: ['portfolios', portfolioId, 'stress'], mutationFn: (scenario: StressScenarioInput) => stressPortfolio(portfolioId, scenario) });
}
