import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketAnalysisRequestSchema, marketAnalysisResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getMarketAnalysis } from '../../services/market/market-service.ts';
import { policy } from '../../http/route-policy.ts';

export function marketAnalysisRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/realty/market-analysis', {
      // Computes a lot per call: the stricter per-address limit (plugins/security.ts).
      config: policy('public', { expensive: true }),
      schema: {
        tags: ['market'],
        summary: 'Median, quality-adjusted growth, clearance, trend, heat, yields and the monthly index of a location, from our sales',
        body: marketAnalysisRequestSchema,
        response: { 200: marketAnalysisResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => getMarketAnalysis(context, request.body));
  };
}
