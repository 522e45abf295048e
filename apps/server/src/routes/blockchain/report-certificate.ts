import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCertificateQuerySchema, reportCertificateResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { getReportCertificate } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

export function reportCertificateRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/blockchain/report-certificate', {
      config: policy('viewer'),
      schema: { tags: ['blockchain'], summary: 'The certificate of a stored report, read from the contract (null when none was minted)', querystring: reportCertificateQuerySchema, response: { 200: reportCertificateResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => getReportCertificate(context, request.query.report_id, reportScopeOf(request.principal)));
  };
}
