import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyDetailsResponseSchema, propertyParamsSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getListingDetails } from '../../services/realty/realty-service.ts';
import { policy } from '../../http/route-policy.ts';

export function getPropertyRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/realty/property/:id', {
      config: policy('public', { usage: 'valuation', audited: true }),
      schema: {
        tags: ['realty'],
        summary: 'One listing with our valuation, hazard risk, LVR thresholds and every sale of the property',
        params: propertyParamsSchema,
        response: { 200: propertyDetailsResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => ({ success: true as const, property_details: await getListingDetails(context, request.params.id) }));
  };
}
