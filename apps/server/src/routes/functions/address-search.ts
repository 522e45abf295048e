import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressSearchRequestSchema, addressSearchResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getAddressDetails, suggestAddresses } from '../../services/address-search/address-search-service.ts';
import { policy } from '../../http/route-policy.ts';

export function addressSearchRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/functions/address-search', {
      config: policy('public'),
      schema: {
        tags: ['address'],
        summary: 'SPEC.md address-search function: typo-tolerant suggestions over every address of our sales and every gazetteer locality (autocomplete), or one of them (details)',
        body: addressSearchRequestSchema,
        response: { 200: addressSearchResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => {
      const body = request.body;
      if (body.action === 'autocomplete') return suggestAddresses(context, body.query, body.limit);
      return { property: await getAddressDetails(context, body.propertyId) };
    });
  };
}
