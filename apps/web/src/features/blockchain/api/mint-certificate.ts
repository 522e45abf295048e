import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MintCertificateResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** Minting waits for the receipt: allowed longer than an ordinary request on an external chain. */
const MINT_TIMEOUT_MS = 60_000;

/** POST /api/blockchain/mint-valuation-nft {report_id}; refreshes the collection and the report's certificate. */
export function useMintCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['blockchain', 'mint'],
    mutationFn: (reportId: string) => requestApi<MintCertificateResponse>('/blockchain/mint-valuation-nft', { method: 'POST', body: { report_id: reportId }, signal: AbortSignal.timeout(MINT_TIMEOUT_MS) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['blockchain'] });
    },
  });
}
