import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apraComplianceReportRequestSchema, apraComplianceReportResponseSchema, errorResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { createApraComplianceReport } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

export function apraComplianceReportRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/blockchain/apra-compliance-report', {
      config: policy('analyst', { usage: ['valuation', 'compliance_report', 'certificate'], audited: true, expensive: true }),
      schema: {
        tags: ['blockchain'],
        summary: 'Generate a lending-summary (APRA LVR and capital) report of a listing and certify it on chain',
        body: apraComplianceReportRequestSchema,
        response: { 200: apraComplianceReportResponseSchema, 409: errorResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => createApraComplianceReport(context, request.body.property_id, reportScopeOf(request.principal)));
  };
}
