import type { GenerateReportRequestInput, ReportResponse } from '@propguard/schemas';
import { requestApi } from './api-client.ts';

/**
 * POST /api/realty/valuation-report: the one fetcher of this endpoint. Two features start a report
 * (the property page and the report centre) and features do not import each other, so it lives
 * here; each feature's hook adds its own follow-up (navigate, refresh the library).
 */
export function generateReport(request: GenerateReportRequestInput): Promise<ReportResponse> {
  return requestApi<ReportResponse>('/realty/valuation-report', { method: 'POST', body: request });
}
