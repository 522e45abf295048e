import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/reports: the reports a certificate can be minted for (newest first). */
export function useCertifiableReports() {
  return useQuery(queryOptions({
    queryKey: ['reports', 'library', 'certifiable'],
    queryFn: ({ signal }) => requestApi<{ success: true; reports: ReportSummary[]; total: number }>('/reports?limit=50', { signal }),
  }));
}
