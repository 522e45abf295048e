import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionQuerySchema, collectionResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { listCollection } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

export function nftCollectionRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/blockchain/nft-collection', {
      config: policy('viewer'),
      schema: { tags: ['blockchain'], summary: 'Certificates newest first and the audit trail, read from the chain\'s logs', querystring: collectionQuerySchema, response: { 200: collectionResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => listCollection(context, request.query.limit, request.query.offset, reportScopeOf(request.principal)));
  };
}
