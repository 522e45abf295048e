import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateReportRequestSchema, reportResponseSchema, type GenerateReportRequest } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { generateReport } from '../../services/reports/report-service.ts';
import { policy, reportUsage } from '../../http/route-policy.ts';

export function generateReportRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/realty/valuation-report', {
      // Computes a lot per call: the stricter per-address limit (plugins/security.ts).
      config: policy('analyst', { usage: (body) => reportUsage((body as GenerateReportRequest | null)?.template), audited: true, expensive: true }),
      schema: {
        tags: ['reports'],
        summary: 'Generate and store a valuation report from a fresh analysis of a listing or an address',
        body: generateReportRequestSchema,
        response: { 200: reportResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => ({ success: true as const, report: await generateReport(context, request.body, reportScopeOf(request.principal)) }));
  };
}
