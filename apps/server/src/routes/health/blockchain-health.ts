import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceHealthSchema } from '@propguard/schemas';
import { getBlockchainHealth } from '../../services/health/health-service.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function blockchainHealthRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/blockchain/blockchain-health', {
      config: policy('open'),
      schema: { tags: ['health'], summary: 'Certificate contract and chain: real state, measured now', response: { 200: serviceHealthSchema } },
    }, async () => getBlockchainHealth(context));
  };
}
