import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/billing/usage: this month's metered calls by kind, priced with the API prices. Polled so the meter moves. */
export function useUsage() {
  return useQuery(queryOptions({ queryKey: ['billing', 'usage'], queryFn: ({ signal }) => requestApi<UsageResponse>('/billing/usage', { signal }), refetchInterval: 5_000 }));
}
