import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceHealthSchema } from '@propguard/schemas';
import { getPropguardHealth } from '../../services/health/health-service.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function propguardHealthRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/propguard/health', {
      config: policy('open', { compat: true }),
      schema: { tags: ['health'], summary: 'PropGuard API, database and data: real state, measured now', response: { 200: serviceHealthSchema } },
    }, async () => getPropguardHealth(context));
  };
}
