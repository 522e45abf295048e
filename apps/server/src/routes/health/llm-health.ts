import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceHealthSchema } from '@propguard/schemas';
import { getLlmHealth } from '../../services/health/health-service.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function llmHealthRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/llm/health', {
      config: policy('open', { compat: true }),
      schema: { tags: ['health'], summary: 'Sentiment engine and optional language model: real state, measured now', response: { 200: serviceHealthSchema } },
    }, async () => getLlmHealth(context));
  };
}
