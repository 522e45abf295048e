import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerateReportRequestInput, ReportAnalyticsResponse, ReportListResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';
import { generateReport } from '../../../lib/generate-report.ts';

/** GET /api/reports: the library, newest first. */
export function useReportLibrary() {
  return useQuery(queryOptions({ queryKey: ['reports', 'library'], queryFn: ({ signal }) => requestApi<ReportListResponse>('/reports?limit=100', { signal }) }));
}

/** GET /api/reports/analytics: counted from the stored reports. */
export function useReportAnalytics() {
  return useQuery(queryOptions({ queryKey: ['reports', 'analytics'], queryFn: ({ signal }) => requestApi<ReportAnalyticsResponse>('/reports/analytics', { signal }) }));
}

/** POST /api/realty/valuation-report for an address and a template; refreshes the library. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reports', 'generate'],
    mutationFn: (request: GenerateReportRequestInput) => generateReport(request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
