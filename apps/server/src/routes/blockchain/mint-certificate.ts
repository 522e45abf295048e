import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, mintCertificateRequestSchema, mintCertificateResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { mintCertificate } from '../../services/chain/certificate-service.ts';

export function mintCertificateRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/blockchain/mint-valuation-nft', {
      // A signed transaction per call (and a report when one is generated): the stricter limit.
      config: { expensive: true },
      schema: {
        tags: ['blockchain'],
        summary: 'Mint the valuation certificate (ERC-721) of a stored report, or of a report generated first',
        body: mintCertificateRequestSchema,
        response: { 200: mintCertificateResponseSchema, 409: errorResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => mintCertificate(context, request.body, reportScopeOf(request.principal)));
  };
}
