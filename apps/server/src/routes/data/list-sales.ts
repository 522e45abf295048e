import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSales } from '@propguard/db';
import { salesPageSchema, salesQuerySchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function listSalesRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/data/sales', {
      config: policy('public'),
      schema: {
        tags: ['data'],
        summary: 'Cleaned sales records, newest first, filtered by state, suburb, postcode, source and date',
        querystring: salesQuerySchema,
        response: { 200: salesPageSchema, 400: ERROR_RESPONSES[400] },
      },
    }, async (request) => {
      const page = await listSales(context.database, request.query);
      return { success: true as const, limit: request.query.limit, offset: request.query.offset, ...page };
    });
  };
}
