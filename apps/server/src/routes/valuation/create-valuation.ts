import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { valuationRequestSchema, valuationResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { requireValuationRuntime } from '../../services/valuation/require-valuation.ts';
import { valueRequest } from '../../services/valuation/valuation-service.ts';
import { recordValuationAudit } from '../../services/compliance/valuation-audit.ts';
import { policy } from '../../http/route-policy.ts';

export function createValuationRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/valuations', {
      config: policy('public', { usage: 'valuation', audited: true }),
      schema: {
        tags: ['valuation'],
        summary: 'Value one property from an address, a locality or coordinates, with optional attributes',
        body: valuationRequestSchema,
        response: { 200: valuationResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => {
      const valuation = await valueRequest(context, requireValuationRuntime(context), request.body);
      await recordValuationAudit(context, request.body, valuation, new Date(), request.principal?.workspaceId ?? null);
      return { success: true as const, valuation };
    });
  };
}
