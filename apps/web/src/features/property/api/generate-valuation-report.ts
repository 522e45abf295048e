import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client.ts';

export type ValuationReportResponse = { success: true; report: { report_id: string } };

export function generateValuationReport(listingId: string): Promise<ValuationReportResponse> {
  return requestApi<ValuationReportResponse>('/realty/valuation-report', {
    method: 'POST',
    body: { listing_id: listingId, include_blockchain: true },
  });
}

export function useGenerateValuationReport(options: { onSuccess: (data: ValuationReportResponse) => void; onError: () => void }) {
  return useMutation({ mutationKey: ['realty', 'valuation-report'], mutationFn: generateValuationReport, ...options });
}
