import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerRpcBody, RPC_METHODS } from '@propguard/chain';
import { AppError } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { requireChain } from '../../services/chain/certificate-service.ts';

/** Ethereum JSON-RPC of the embedded chain, for viem, ethers or any wallet tool. */
export function chainRpcRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/blockchain/rpc', {
      schema: {
        tags: ['blockchain'],
        summary: `Ethereum JSON-RPC of the embedded chain (${RPC_METHODS.join(', ')}); batches of up to 100`,
        body: z.unknown(),
        response: { 200: z.any(), ...ERROR_RESPONSES },
      },
    }, async (request) => {
      const runtime = requireChain(context);
      if (!runtime.embedded) throw new AppError('NOT_FOUND', 'The embedded chain is not in use: CHAIN_RPC_URL names the chain');
      return answerRpcBody(runtime.embedded, request.body);
    });
  };
}
