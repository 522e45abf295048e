import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { climateDashboardRequestSchema, climateDashboardResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getClimateDashboard } from '../../services/hazards/hazard-service.ts';
import { policy } from '../../http/route-policy.ts';

export function climateDashboardRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/hazards/climate', {
      // Computes a lot per call: the stricter per-address limit (plugins/security.ts).
      config: policy('public', { expensive: true }),
      schema: {
        tags: ['hazards'],
        summary: 'The Climate dashboard for one property: hazard cards, 2030/2050/2090 projections, ten-year series, mitigation with cost and payback',
        body: climateDashboardRequestSchema,
        response: { 200: climateDashboardResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => ({ success: true as const, climate: getClimateDashboard(context, request.body) }));
  };
}
