import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancialImpactRequestInput, FinancialImpactResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/pipeline/financial-impact-assessment: the lending rules for one loan. */
export function assessLoan(body: FinancialImpactRequestInput, signal?: AbortSignal): Promise<FinancialImpactResponse> {
  return requestApi<FinancialImpactResponse>('/pipeline/financial-impact-assessment', { method: 'POST', body, signal });
}

/** A preview (not logged in the portfolio) that follows the loan amount. */
export function getLoanPreviewQueryOptions(body: FinancialImpactRequestInput | null) {
  return queryOptions({
    queryKey: ['compliance', 'loan-preview', body],
    queryFn: ({ signal }) => assessLoan({ ...(body as FinancialImpactRequestInput), record: false }, signal),
    enabled: body !== null,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

export function useLoanPreview(body: FinancialImpactRequestInput | null) {
  return useQuery(getLoanPreviewQueryOptions(body));
}

/** Records the loan (portfolio distribution, audit trail) and refreshes the overview. */
export function useRecordLoan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FinancialImpactRequestInput) => assessLoan({ ...body, record: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['compliance', 'overview'] }),
  });
}
