import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/blockchain/nft-collection: certificates newest first and the audit trail, from the chain. */
export function getCollectionQueryOptions(limit = 20, offset = 0) {
  return queryOptions({
    queryKey: ['blockchain', 'collection', limit, offset],
    queryFn: ({ signal }) => requestApi<CollectionResponse>(`/blockchain/nft-collection?limit=${limit}&offset=${offset}`, { signal }),
  });
}

export function useCollection(limit = 20, offset = 0) {
  return useQuery(getCollectionQueryOptions(limit, offset));
}
