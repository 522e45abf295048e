import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExplorerToken, ExplorerTransaction } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/blockchain/tx/{hash}: a transaction, its receipt and decoded events. */
export function useExplorerTransaction(hash: string) {
  return useQuery(queryOptions({ queryKey: ['blockchain', 'tx', hash], queryFn: ({ signal }) => requestApi<ExplorerTransaction>(`/blockchain/tx/${encodeURIComponent(hash)}`, { signal }), retry: false }));
}

/** GET /api/blockchain/token/{id}: a certificate and its metadata. */
export function useExplorerToken(tokenId: string) {
  return useQuery(queryOptions({ queryKey: ['blockchain', 'token', tokenId], queryFn: ({ signal }) => requestApi<ExplorerToken>(`/blockchain/token/${encodeURIComponent(tokenId)}`, { signal }), retry: false }));
}
