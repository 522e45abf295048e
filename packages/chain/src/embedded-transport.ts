import { custom, type Transport } from 'viem';
import type { EmbeddedChain } from './embedded-chain.ts';
import { answerRpc } from './json-rpc.ts';

/**
 * A viem transport that answers through the embedded chain's JSON-RPC handler in the same
 * process: exactly the methods and answers POST /api/blockchain/rpc gives, without the HTTP hop.
 */
export function embeddedTransport(chain: EmbeddedChain): Transport {
  let id = 0;
  return custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      const response = await answerRpc(chain, { jsonrpc: '2.0', id: ++id, method, params: params ?? [] });
      if ('error' in response) throw Object.assign(new Error(response.error.message), { code: response.error.code, data: response.error.data });
      return response.result;
    },
  }, {
    // A revert is an answer, not a failure to retry (viem retries errors it does not classify).
    retryCount: 0,
  });
}
