import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportAnalyticsSchema, reportListQuerySchema, reportListResponseSchema, reportParamsSchema, reportResponseSchema, verifyQuerySchema, verifyResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { getReportAnalytics, getReportPdf, getReportText, getStoredReport, listStoredReports, verifyReport } from '../../services/reports/report-service.ts';
import { policy } from '../../http/route-policy.ts';

/** The stored reports: library, analytics, one report, its PDF and text, and hash verification. */
export function readReportsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/reports', {
      config: policy('viewer'),
      schema: { tags: ['reports'], summary: 'The report library, newest first', querystring: reportListQuerySchema, response: { 200: reportListResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, ...(await listStoredReports(context, request.query.limit, request.query.offset, reportScopeOf(request.principal))) }));

    app.get('/reports/analytics', {
      config: policy('viewer'),
      schema: { tags: ['reports'], summary: 'Figures counted from the stored reports, and the model\'s hold-out accuracy', response: { 200: reportAnalyticsSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, analytics: await getReportAnalytics(context, reportScopeOf(request.principal)) }));

    app.get('/reports/:reportId', {
      config: policy('viewer'),
      schema: { tags: ['reports'], summary: 'One stored report', params: reportParamsSchema, response: { 200: reportResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, report: await getStoredReport(context, request.params.reportId, reportScopeOf(request.principal)) }));

    app.get('/reports/:reportId/pdf', {
      config: policy('viewer'),
      schema: { tags: ['reports'], summary: 'The report\'s PDF, as issued', params: reportParamsSchema, response: { 200: z.any().describe('application/pdf'), ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      const { bytes, fileName } = await getReportPdf(context, request.params.reportId, reportScopeOf(request.principal));
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(bytes);
    });

    app.get('/reports/:reportId/text', {
      config: policy('viewer'),
      schema: { tags: ['reports'], summary: 'The report as plain text', params: reportParamsSchema, response: { 200: z.string(), ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      const { text, fileName } = await getReportText(context, request.params.reportId, reportScopeOf(request.principal));
      return reply.type('text/plain; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(text);
    });

    app.get('/reports/:reportId/verify', {
      config: policy('viewer'),
      schema: { tags: ['reports'], summary: 'Check a SHA-256 against the stored report\'s content hash or its PDF', params: reportParamsSchema, querystring: verifyQuerySchema, response: { 200: verifyResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => verifyReport(context, request.params.reportId, request.query.hash, reportScopeOf(request.principal)));
  };
}
