import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestPortfolioSummaryResponseSchema, portfolioListResponseSchema, portfolioParamsSchema, portfolioResultsPageSchema, portfolioResultsQuerySchema, portfolioStatusResponseSchema, portfolioSummaryResponseSchema, portfolioWorkersResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getLatestPortfolioSummary, getPortfolio, getPortfolioResults, getPortfolioResultsCsv, getPortfolioSummary, listPortfolioStatuses, listRecentWorkers, portfolioOwnerOf } from '../../services/portfolio/portfolio-service.ts';
import { policy } from '../../http/route-policy.ts';

/** The stored portfolios of the caller's workspace: list, status, results (page or CSV), summary, the latest summary, the workers. */
export function readPortfolioRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/portfolios', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'The workspace\'s portfolios, newest first (the last 100)', response: { 200: portfolioListResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, portfolios: await listPortfolioStatuses(context, portfolioOwnerOf(request.principal).scope) }));

    app.get('/portfolios/workers', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'Workers seen in the last 5 minutes (server threads, `propguard worker` processes) with their heartbeats', response: { 200: portfolioWorkersResponseSchema, ...ERROR_RESPONSES } },
    }, async () => ({ success: true as const, executor: context.portfolioJobs.mode, workers: await listRecentWorkers(context) }));

    app.get('/portfolios/latest/summary', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'The summary of the newest completed portfolio (the APRA Compliance tab\'s portfolio distribution); null when there is none', response: { 200: latestPortfolioSummaryResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, summary: await getLatestPortfolioSummary(context, portfolioOwnerOf(request.principal).scope) }));

    app.get('/portfolios/:id', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'A portfolio job\'s status: loans done, errors, loans a second, time left', params: portfolioParamsSchema, response: { 200: portfolioStatusResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, portfolio: await getPortfolio(context, request.params.id, portfolioOwnerOf(request.principal).scope) }));

    app.get('/portfolios/:id/results', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'Assessed loans, a page at a time, sorted and filtered by LVR band and hazard level', params: portfolioParamsSchema, querystring: portfolioResultsQuerySchema, response: { 200: portfolioResultsPageSchema, ...ERROR_RESPONSES } },
    }, async (request) => getPortfolioResults(context, request.params.id, request.query, portfolioOwnerOf(request.principal).scope));

    app.get('/portfolios/:id/results.csv', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'The results as CSV: the upload\'s columns, then estimate, low, high, confidence, lvr, lmi_required, risk_weight, rwa, lvr_2050, the six hazards, levels, error', params: portfolioParamsSchema, response: { 200: z.any().describe('text/csv'), ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      const { lines, fileName } = await getPortfolioResultsCsv(context, request.params.id, portfolioOwnerOf(request.principal).scope);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(Readable.from(lines));
    });

    app.get('/portfolios/:id/summary', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'The book\'s risk summary: LVR today and in 2050, LMI, RWA and capital, exposure by hazard level and suburb, the 20 riskiest loans, map points', params: portfolioParamsSchema, response: { 200: portfolioSummaryResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => ({ success: true as const, summary: await getPortfolioSummary(context, request.params.id, portfolioOwnerOf(request.principal).scope) }));
  };
}
