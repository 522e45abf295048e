import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { explorerTokenSchema, explorerTransactionSchema, tokenParamsSchema, txParamsSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { getCertificatePdf, getExplorerToken, getExplorerTransaction } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

/** What the explorer pages /explorer/tx/:hash and /explorer/token/:id show. */
export function explorerRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/blockchain/tx/:hash', {
      config: policy('public'),
      schema: { tags: ['blockchain'], summary: 'A transaction with its receipt and decoded certificate events', params: txParamsSchema, response: { 200: explorerTransactionSchema, ...ERROR_RESPONSES } },
    }, async (request) => getExplorerTransaction(context, request.params.hash));

    app.get('/blockchain/token/:tokenId', {
      config: policy('public'),
      schema: { tags: ['blockchain'], summary: 'A certificate with its public metadata; its property, report and valuation for the workspace that minted it only', params: tokenParamsSchema, response: { 200: explorerTokenSchema, ...ERROR_RESPONSES } },
    }, async (request) => getExplorerToken(context, request.params.tokenId, reportScopeOf(request.principal)));

    app.get('/blockchain/token/:tokenId/pdf', {
      config: policy('public'),
      schema: { tags: ['blockchain'], summary: 'A certificate as a one-page PDF (export)', params: tokenParamsSchema, response: { 200: z.any().describe('application/pdf'), ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      const { bytes, fileName } = await getCertificatePdf(context, request.params.tokenId, reportScopeOf(request.principal));
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(bytes);
    });
  };
}
