import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyAnalysisRequestSchema, propertyAnalysisResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { analyseProperty } from '../../services/valuation/property-analysis-service.ts';
import { policy } from '../../http/route-policy.ts';

export function propertyAnalysisRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/functions/property-analysis', {
      config: policy('public', { usage: 'valuation', audited: true }),
      schema: {
        tags: ['valuation'],
        summary: 'The property analysis of SPEC.md: valuation today; hazards, sentiment and compliance as their engines land',
        body: propertyAnalysisRequestSchema,
        response: { 200: propertyAnalysisResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => analyseProperty(context, request.body.query, request.log));
  };
}
