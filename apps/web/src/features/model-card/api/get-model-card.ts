import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelCardResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export function getModelCard(signal?: AbortSignal): Promise<ModelCardResponse> {
  return requestApi<ModelCardResponse>('/valuations/model', { signal });
}

export function getModelCardQueryOptions() {
  return queryOptions({ queryKey: ['valuations', 'model'], queryFn: ({ signal }) => getModelCard(signal), staleTime: Infinity });
}

export function useModelCard() {
  return useQuery(getModelCardQueryOptions());
}
