import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, portfolioParamsSchema, portfolioStatusResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { cancelPortfolio, portfolioOwnerOf } from '../../services/portfolio/portfolio-service.ts';
import { policy } from '../../http/route-policy.ts';

/** POST /api/portfolios/{id}/cancel: stops a queued or running job before its next chunk (409 when it has finished). */
export function cancelPortfolioRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/portfolios/:id/cancel', {
      config: policy('analyst', { audited: true }),
      schema: { tags: ['portfolios'], summary: 'Cancel a portfolio job; the loans assessed so far stay in the results', params: portfolioParamsSchema, response: { 200: portfolioStatusResponseSchema, ...ERROR_RESPONSES, 409: errorResponseSchema } },
    }, async (request) => ({ success: true as const, portfolio: await cancelPortfolio(context, request.params.id, portfolioOwnerOf(request.principal).scope) }));
  };
}
