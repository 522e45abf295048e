import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyListResponse, CreateApiKeyRequest, CreateApiKeyResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

const keysQueryKey = ['api-keys'] as const;

/** GET /api/keys */
export function useApiKeys() {
  return useQuery(queryOptions({ queryKey: keysQueryKey, queryFn: ({ signal }) => requestApi<ApiKeyListResponse>('/keys', { signal }) }));
}

/** POST /api/keys: the answer holds the secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: CreateApiKeyRequest) => requestApi<CreateApiKeyResponse>('/keys', { body }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keysQueryKey }) });
}

/** DELETE /api/keys/{id} */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => requestApi<{ success: true }>(`/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keysQueryKey }) });
}
