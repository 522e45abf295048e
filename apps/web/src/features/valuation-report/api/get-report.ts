import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client.ts';

/** SPEC.md section 3, "Valuation report"; the stored report the server returns. */
export type ValuationReport = {
  report_id: string;
  generated_at: string;
  property_details?: { listing_id?: string; address?: string; suburb?: string; state?: string; postcode?: string; property_type?: string };
  comprehensive_analysis?: { ai_valuation?: number; confidence_level?: number; methodology?: string };
  risk_assessment?: { overall_risk?: string; risk_factors?: string[]; mitigation_strategies?: string[] };
  compliance_certificate?: { apra_compliant?: boolean; certificate_id?: string; blockchain_hash?: string };
};

export type ReportResponse = { success?: boolean; report: ValuationReport };

export function getReport(reportId: string, signal?: AbortSignal): Promise<ReportResponse> {
  return requestApi<ReportResponse>(`/reports/${encodeURIComponent(reportId)}`, { signal });
}

export function getReportQueryOptions(reportId: string) {
  return queryOptions({ queryKey: ['reports', reportId], queryFn: ({ signal }) => getReport(reportId, signal) });
}

export function useReport(reportId: string) {
  return useQuery(getReportQueryOptions(reportId));
}
