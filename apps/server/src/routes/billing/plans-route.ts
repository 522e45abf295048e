import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { describePlans } from '../../services/billing/plans-service.ts';
import { policy } from '../../http/route-policy.ts';

/** GET /api/plans: the Pricing tab's plans, API prices, comparison and FAQ, from the database. */
export function plansRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/plans', {
      config: policy('open'),
      schema: { tags: ['billing'], summary: 'Plans, API prices, the feature comparison and the FAQ (all read from the database)', response: { 200: plansResponseSchema, ...ERROR_RESPONSES } },
    }, async () => describePlans(context.database, context.accounts.payments.name));
  };
}
