import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fireRiskRequestSchema, fireRiskResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getFireRisk } from '../../services/hazards/fire-risk-service.ts';
import { policy } from '../../http/route-policy.ts';

export function fireRiskRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/functions/fire-risk', {
      config: policy('public'),
      schema: {
        tags: ['hazards'],
        summary: 'SPEC.md fire-risk function: satellite fire detections around the coordinates (live NASA FIRMS with a key, else the archive)',
        body: fireRiskRequestSchema,
        response: { 200: fireRiskResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => ({ success: true as const, fireRisk: await getFireRisk(context, request.body, request.log) }));
  };
}
