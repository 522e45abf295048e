import { useMutation } from '@tanstack/react-query';
import type { ReportResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export function generateValuationReport(listingId: string): Promise<ReportResponse> {
  return requestApi<ReportResponse>('/realty/valuation-report', {
    method: 'POST',
    body: { listing_id: listingId, include_blockchain: true },
  });
}

export function useGenerateValuationReport(options: { onSuccess: (data: ReportResponse) => void; onError: () => void }) {
  return useMutation({ mutationKey: ['realty', 'valuation-report'], mutationFn: generateValuationReport, ...options });
}
