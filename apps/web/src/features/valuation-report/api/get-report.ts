import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/reports/{id}: the stored report (it never changes once generated). */
export function getReport(reportId: string, signal?: AbortSignal): Promise<ReportResponse> {
  return requestApi<ReportResponse>(`/reports/${encodeURIComponent(reportId)}`, { signal });
}

export function getReportQueryOptions(reportId: string) {
  return queryOptions({ queryKey: ['reports', reportId], queryFn: ({ signal }) => getReport(reportId, signal), staleTime: Infinity });
}

export function useReport(reportId: string) {
  return useQuery(getReportQueryOptions(reportId));
}

export function reportPdfUrl(reportId: string): string {
  return `/api/reports/${encodeURIComponent(reportId)}/pdf`;
}

export function reportTextUrl(reportId: string): string {
  return `/api/reports/${encodeURIComponent(reportId)}/text`;
}
