import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchRequestSchema, searchResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { searchListings } from '../../services/realty/realty-service.ts';
import { policy } from '../../http/route-policy.ts';

export function searchListingsRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/realty/search', {
      config: policy('public'),
      schema: {
        tags: ['realty'],
        summary: 'Search our sales by place and filters; each listing carries our valuation and hazard risk',
        body: searchRequestSchema,
        response: { 200: searchResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => searchListings(context, request.body));
  };
}
