import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceHealthSchema } from '@propguard/schemas';
import { getXnodeHealth } from '../../services/health/health-service.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function xnodeHealthRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/xnode/xnode-health', {
      config: policy('open'),
      schema: { tags: ['health'], summary: 'Revaluation workers and job queue: real state, measured now', response: { 200: serviceHealthSchema } },
    }, async () => getXnodeHealth(context));
  };
}
