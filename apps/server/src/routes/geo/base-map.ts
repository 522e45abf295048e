import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { baseMapResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { requireHazardRuntime } from '../../services/hazards/require-hazards.ts';
import { policy } from '../../http/route-policy.ts';

export function baseMapRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/geo/base', {
      config: policy('public'),
      schema: {
        tags: ['map'],
        summary: 'National map layers (states, coastline, rivers, lakes) and the configured satellite imagery URL',
        response: { 200: baseMapResponseSchema, 503: ERROR_RESPONSES[503] },
      },
    }, async (_request, reply) => {
      // The layers never change while the server runs: let the browser keep them for an hour.
      void reply.header('Cache-Control', 'public, max-age=3600');
      return { success: true as const, map: requireHazardRuntime(context).baseMap };
    });
  };
}
