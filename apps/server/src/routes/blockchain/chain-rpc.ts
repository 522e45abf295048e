import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerRpcBody, MAX_BATCH, RPC_METHODS } from '@propguard/chain';
import { AppError } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { requireChain } from '../../services/chain/certificate-service.ts';
import { policy } from '../../http/route-policy.ts';

/** Ethereum JSON-RPC of the embedded chain, for viem, ethers or any wallet tool. */
export function chainRpcRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/blockchain/rpc', {
      // Anyone may call it, and eth_call runs code the caller chooses (issue 29): the stricter limit.
      config: policy('public', { expensive: true }),
      schema: {
        tags: ['blockchain'],
        summary: `Ethereum JSON-RPC of the embedded chain (${RPC_METHODS.join(', ')}); batches of up to ${MAX_BATCH}`,
        description: 'eth_call and eth_estimateGas run in a worker thread with at most CHAIN_CALL_GAS_CAP gas (a call asking for more, or for none, gets the cap) and are answered within CHAIN_CALL_TIMEOUT_MS: past it, error -32000 "execution took longer than N ms" (or -32005 when no thread was free). Running out of the cap is error -32000 "execution exceeded the gas cap of N".',
        body: z.unknown(),
        response: { 200: z.any(), ...ERROR_RESPONSES },
      },
    }, async (request) => {
      const runtime = requireChain(context);
      if (!runtime.embedded) throw new AppError('NOT_FOUND', 'The embedded chain is not in use: CHAIN_RPC_URL names the chain');
      return answerRpcBody(runtime.embedded, request.body, runtime.publicCalls ?? runtime.embedded);
    });
  };
}
