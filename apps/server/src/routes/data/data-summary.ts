import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getDataSummary } from '@propguard/db';
import { dataSummarySchema } from '@propguard/schemas';
import type { AppContext } from '../../services/app-context.ts';
import { policy } from '../../http/route-policy.ts';

export function dataSummaryRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/data/summary', {
      config: policy('public'),
      schema: {
        tags: ['data'],
        summary: 'What is loaded: sales by state and source, addresses, localities, suburbs, data set loads',
        response: { 200: z.object({ success: z.literal(true), summary: dataSummarySchema }) },
      },
    }, async () => ({ success: true as const, summary: await getDataSummary(context.database) }));
  };
}
