import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIMATE_METRICS_DEFAULT_YEAR, type ClimateDashboardRequestInput, type ClimateDashboardResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/hazards/climate: six hazards now, their projections, the mitigation plan and the climate metrics for one place. */
export function getClimateDashboard(request: ClimateDashboardRequestInput, signal?: AbortSignal): Promise<ClimateDashboardResponse> {
  return requestApi<ClimateDashboardResponse>('/hazards/climate', { method: 'POST', body: request, signal });
}

export function getClimateDashboardQueryOptions(input: ClimateDashboardRequestInput) {
  // The defaults filled here so that a request leaving them out shares the cache with one naming them.
  const request = { ...input, scenario: input.scenario ?? 'high', metricsYear: input.metricsYear ?? CLIMATE_METRICS_DEFAULT_YEAR };
  return queryOptions({
    queryKey: ['hazards', 'climate', request.lat, request.lng, request.scenario, request.propertyValueAud ?? null, request.metricsYear],
    queryFn: ({ signal }) => getClimateDashboard(request, signal),
    staleTime: Infinity,
  });
}

export function useClimateDashboard(request: ClimateDashboardRequestInput | null) {
  return useQuery({
    ...getClimateDashboardQueryOptions(request ?? { lat: 0, lng: 0 }),
    enabled: request !== null,
  });
}
