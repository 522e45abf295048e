import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportCertificateResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/blockchain/report-certificate?report_id=: the report's certificate, read from the contract. */
export function useReportCertificate(reportId: string) {
  return useQuery(queryOptions({
    queryKey: ['blockchain', 'report-certificate', reportId],
    queryFn: ({ signal }) => requestApi<ReportCertificateResponse>(`/blockchain/report-certificate?report_id=${encodeURIComponent(reportId)}`, { signal }),
  }));
}
