import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { financialImpactRequestSchema, financialImpactResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { assessFinancialImpact } from '../../services/compliance/lending-service.ts';
import { policy } from '../../http/route-policy.ts';

export function financialImpactAssessmentRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/pipeline/financial-impact-assessment', {
      config: policy('analyst', { audited: true }),
      schema: {
        tags: ['lending'],
        summary: 'Lending rules for one loan: LVR, LMI, APS 112 risk weight and capital, APG 223 serviceability, DTI, NCCP checks, 2050 climate-adjusted LVR, risk category and compliance score',
        body: financialImpactRequestSchema,
        response: { 200: financialImpactResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => assessFinancialImpact(context, request.body, new Date(), request.principal?.workspaceId ?? null));
  };
}
