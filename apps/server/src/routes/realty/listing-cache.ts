import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheClearResponseSchema, cacheStatusSchema } from '@propguard/schemas';
import type { AppContext } from '../../services/app-context.ts';
import { clearCache, getCacheStatus } from '../../services/realty/realty-service.ts';
import { policy } from '../../http/route-policy.ts';

export function listingCacheRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/realty/cache/status', {
      config: policy('public'),
      schema: { tags: ['realty'], summary: 'The listing-enrichment cache: entries, hits, misses', response: { 200: cacheStatusSchema } },
    }, async () => ({ success: true as const, cache: getCacheStatus(context) }));
    app.post('/realty/cache/clear', {
      config: policy('owner', { audited: true }),
      schema: { tags: ['realty'], summary: 'Empty the listing-enrichment cache (and its counts)', response: { 200: cacheClearResponseSchema } },
    }, async () => ({ success: true as const, cleared: clearCache(context) }));
  };
}
