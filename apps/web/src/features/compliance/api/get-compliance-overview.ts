import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplianceOverview } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/compliance/overview: the measured CPS 230 evidence, regulation cards and portfolio. */
export function getComplianceOverview(signal?: AbortSignal): Promise<ComplianceOverview> {
  return requestApi<ComplianceOverview>('/compliance/overview', { signal });
}

export function getComplianceOverviewQueryOptions() {
  return queryOptions({ queryKey: ['compliance', 'overview'], queryFn: ({ signal }) => getComplianceOverview(signal), refetchInterval: 60_000 });
}

/** `enabled: false` while there is no workspace to read (signed out in AUTH_MODE=required): no request, no polling. */
export function useComplianceOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getComplianceOverviewQueryOptions(), enabled });
}
