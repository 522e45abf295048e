import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkAnalysisRequestSchema, distributedValuationRequestSchema, portfolioJobStartedSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { startBulkAnalysis, startDistributedValuation } from '../../services/portfolio/compat-jobs.ts';
import { uploaderOf } from '../../services/portfolio/portfolio-service.ts';
import { policy } from '../../http/route-policy.ts';

/** SPEC.md's job-starting calls, run as portfolio jobs: POST /api/realty/bulk-analysis and POST /api/xnode/distributed-valuation (202). */
export function compatJobRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/realty/bulk-analysis', {
      config: policy('analyst', { usage: 'bulk_valuation', audited: true, expensive: true }),
      schema: { tags: ['portfolios'], summary: 'Value and assess listings in bulk as one portfolio job (progress and results under /api/portfolios/{job_id})', body: bulkAnalysisRequestSchema, response: { 202: portfolioJobStartedSchema, ...ERROR_RESPONSES } },
    }, async (request, reply) => reply.status(202).send(await startBulkAnalysis(context, request.body.listing_ids, uploaderOf(context, request.principal))));

    app.post('/xnode/distributed-valuation', {
      config: policy('analyst', { usage: 'bulk_valuation', audited: true, expensive: true }),
      schema: { tags: ['portfolios'], summary: 'Value and assess properties as one portfolio job on the revaluation workers (progress and results under /api/portfolios/{job_id})', body: distributedValuationRequestSchema, response: { 202: portfolioJobStartedSchema, ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      const properties = Array.isArray(request.body.property_data) ? request.body.property_data : [request.body.property_data];
      return reply.status(202).send(await startDistributedValuation(context, properties, uploaderOf(context, request.principal)));
    });
  };
}
