import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceHealthSchema } from '@propguard/schemas';
import { getPipelineHealth } from '../../services/health/health-service.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function pipelineHealthRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/pipeline/pipeline-health', {
      config: policy('open'),
      schema: { tags: ['health'], summary: 'Bundled data set loads: real state, measured now', response: { 200: serviceHealthSchema } },
    }, async () => getPipelineHealth(context));
  };
}
