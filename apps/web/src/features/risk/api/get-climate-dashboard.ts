import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClimateDashboardRequest, ClimateDashboardResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/hazards/climate: six hazards now, their projections and the mitigation plan for one place. */
export function getClimateDashboard(request: ClimateDashboardRequest, signal?: AbortSignal): Promise<ClimateDashboardResponse> {
  return requestApi<ClimateDashboardResponse>('/hazards/climate', { method: 'POST', body: request, signal });
}

export function getClimateDashboardQueryOptions(request: ClimateDashboardRequest) {
  return queryOptions({
    queryKey: ['hazards', 'climate', request.lat, request.lng, request.scenario, request.propertyValueAud ?? null],
    queryFn: ({ signal }) => getClimateDashboard(request, signal),
    staleTime: Infinity,
  });
}

export function useClimateDashboard(request: ClimateDashboardRequest | null) {
  return useQuery({
    ...getClimateDashboardQueryOptions(request ?? { lat: 0, lng: 0, scenario: 'high' }),
    enabled: request !== null,
  });
}
