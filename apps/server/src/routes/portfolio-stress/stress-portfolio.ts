import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, portfolioParamsSchema, portfolioStressResponseSchema, stressScenarioSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import type { AppContext } from '../../services/app-context.ts';
import { stressStoredPortfolio } from '../../services/portfolio-stress/stress-service.ts';
import { policy } from '../../http/route-policy.ts';

/** POST /api/portfolios/{id}/stress: a price, rate or hazard scenario on a stored portfolio, base against stressed. */
export function stressPortfolioRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/portfolios/:id/stress', {
      config: policy('viewer', { audited: true }),
      schema: {
        tags: ['portfolios'],
        summary: 'Stress test a stored portfolio: house prices down 10/20/30% (national, state or capital city), rates up 1/2/3 pp, a 1% AEP flood or a severe bushfire season in a region; loans above 80% and 100% LVR, serviceability failures, expected loss and capital shortfall against the base case, each traced',
        params: portfolioParamsSchema,
        body: stressScenarioSchema,
        response: { 200: portfolioStressResponseSchema, 409: errorResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => stressStoredPortfolio(context, request.params.id, request.body, reportScopeOf(request.principal)));
  };
}
