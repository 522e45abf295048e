import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyHistoryRequestSchema, propertyHistoryResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getPropertyHistory } from '../../services/realty/realty-service.ts';
import { policy } from '../../http/route-policy.ts';

export function propertyHistoryRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/realty/property-history', {
      config: policy('public'),
      schema: {
        tags: ['realty'],
        summary: 'Every sale of the property in our data, oldest first',
        body: propertyHistoryRequestSchema,
        response: { 200: propertyHistoryResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => getPropertyHistory(context, request.body.listing_id));
  };
}
