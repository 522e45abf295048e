import { useMutation } from '@tanstack/react-query';
import type { ReportResponse } from '@propguard/schemas';
import { generateReport } from '../../../lib/generate-report.ts';

export function generateValuationReport(listingId: string): Promise<ReportResponse> {
  return generateReport({ listing_id: listingId, include_blockchain: true });
}

export function useGenerateValuationReport(options: { onSuccess: (data: ReportResponse) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationKey: ['realty', 'valuation-report'], mutationFn: generateValuationReport, ...options });
}
