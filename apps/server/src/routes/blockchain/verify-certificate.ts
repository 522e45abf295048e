import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyCertificateQuerySchema, verifyCertificateResponseSchema, verifyDocumentRequestSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { verifyCertificate, verifyDocument } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

export function verifyCertificateRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/blockchain/verify-nft', {
      config: policy('public'),
      schema: { tags: ['blockchain'], summary: 'Verify a certificate (by token id or transaction hash) against its metadata and report', querystring: verifyCertificateQuerySchema, response: { 200: verifyCertificateResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => verifyCertificate(context, request.query, reportScopeOf(request.principal)));

    app.post('/blockchain/verify-nft', {
      config: policy('public'),
      schema: { tags: ['blockchain'], summary: 'Check a report anyone holds (JSON, the PDF as base64, or the SHA-256 of either) against the hash on chain', body: verifyDocumentRequestSchema, response: { 200: verifyCertificateResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => verifyDocument(context, request.body, reportScopeOf(request.principal)));
  };
}
