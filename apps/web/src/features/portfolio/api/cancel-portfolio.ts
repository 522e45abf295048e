import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioStatusResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/portfolios/{id}/cancel: stops a queued or running job (loans done so far are kept). */
export function cancelPortfolio(portfolioId: string): Promise<PortfolioStatusResponse> {
  return requestApi<PortfolioStatusResponse>(`/portfolios/${encodeURIComponent(portfolioId)}/cancel`, { method: 'POST', body: {} });
}

export function useCancelPortfolio(portfolioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['portfolios', portfolioId, 'cancel'],
    mutationFn: () => cancelPortfolio(portfolioId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['portfolios'] }),
  });
}
