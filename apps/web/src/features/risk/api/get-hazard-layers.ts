import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HazardLayerList } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/data/hazard-layers: the flood overlays uploaded on the Risk Analysis tab or imported with `propguard import hazard-layer`. */
export function getHazardLayers(signal?: AbortSignal): Promise<HazardLayerList> {
  return requestApi<HazardLayerList>('/data/hazard-layers', { signal });
}

export function useHazardLayers() {
  return useQuery(queryOptions({ queryKey: ['data', 'hazard-layers'], queryFn: ({ signal }) => getHazardLayers(signal), staleTime: 60_000 }));
}
