import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceHealthSchema } from '@propguard/schemas';
import { getRealtyHealth } from '../../services/health/health-service.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function realtyHealthRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/realty/health', {
      config: policy('open'),
      schema: { tags: ['health'], summary: 'Property data index: real state, measured now', response: { 200: serviceHealthSchema } },
    }, async () => getRealtyHealth(context));
  };
}
