import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapNearQuerySchema, mapNearResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getMapNear } from '../../services/geo/map-service.ts';
import { policy } from '../../http/route-policy.ts';

export function mapNearRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/geo/near', {
      config: policy('public'),
      schema: {
        tags: ['map'],
        summary: 'What lies around a point for the map: suburbs, shoreline, rivers, flood extents, fire detections, coastal points',
        querystring: mapNearQuerySchema,
        response: { 200: mapNearResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => ({ success: true as const, near: getMapNear(context, request.query) }));
  };
}
