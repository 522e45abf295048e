import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@propguard/schemas';
import { parseCid } from '@propguard/chain';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getIpfsBytes } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

const cidParamsSchema = z.object({ cid: z.string().min(10).max(200) });

/** GET /ipfs/{cid}: public certificate metadata as stored (dag-json bytes), so anyone can recompute the CID. */
export function ipfsGatewayRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ipfs/:cid', {
      config: policy('public'),
      schema: { tags: ['blockchain'], summary: 'The bytes of a CID held here (public certificate metadata, dag-json); metadata of certificates issued before it was made public is withheld (404)', params: cidParamsSchema, response: { 200: z.any().describe('application/vnd.ipld.dag-json'), ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      let cid: string;
      try {
        cid = parseCid(request.params.cid);
      } catch {
        throw new AppError('VALIDATION_ERROR', `params.cid: ${request.params.cid} is not a CID`, { field: 'params.cid' });
      }
      const bytes = await getIpfsBytes(context, cid);
      // Content-addressed: the bytes of a CID never change.
      return reply.type('application/vnd.ipld.dag-json').header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Ipfs-Path', `/ipfs/${cid}`).send(Buffer.from(bytes));
    });
  };
}
