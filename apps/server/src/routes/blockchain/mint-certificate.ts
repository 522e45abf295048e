import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, mintCertificateRequestSchema, mintCertificateResponseSchema, MINT_EVENT_STREAM, type MintProgressEvent } from '@propguard/schemas';
import { streamedErrorBody } from '../../http/error-handler.ts';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { reportScopeOf } from '../../services/accounts/principal.ts';
import { mintCertificate } from '../../services/chain/certificate-service.ts';
import { mintUsage, policy } from '../../http/route-policy.ts';

function eventText({ event, data }: MintProgressEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function mintCertificateRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/blockchain/mint-valuation-nft', {
      // A signed transaction per call (and a report when one is generated): the stricter limit.
      config: policy('analyst', { usage: mintUsage, audited: true, expensive: true }),
      schema: {
        tags: ['blockchain'],
        summary: 'Mint the valuation certificate (ERC-721) of a stored report, or of a report generated first',
        description: `With \`Accept: ${MINT_EVENT_STREAM}\` the answer is Server-Sent Events: \`stage\` as each step completes (hash_report, build_metadata, submit_transaction, wait_for_receipt, read_back), then \`result\` (this 200 body) or \`error\`. A failure before the first step is an ordinary JSON error with its status.`,
        body: mintCertificateRequestSchema,
        response: { 200: mintCertificateResponseSchema, 409: errorResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request, reply) => {
      if (!(request.headers.accept ?? '').includes(MINT_EVENT_STREAM)) return mintCertificate(context, request.body, reportScopeOf(request.principal));
      // Streamed from the first completed stage on; until then a failure is an ordinary error answer.
      let streaming = false;
      const send = (event: MintProgressEvent) => {
        if (!streaming) {
          streaming = true;
          reply.hijack();
          reply.raw.writeHead(200, {
            ...(reply.getHeaders() as Record<string, string>),
            'content-type': `${MINT_EVENT_STREAM}; charset=utf-8`,
            'cache-control': 'no-cache, no-transform',
            'x-accel-buffering': 'no',
          });
        }
        // A client that went away misses the rest; the mint itself goes on and is listed on chain.
        if (!reply.raw.destroyed) reply.raw.write(eventText(event));
      };
      try {
        const result = await mintCertificate(context, request.body, reportScopeOf(request.principal), (stage) => send({ event: 'stage', data: stage }));
        send({ event: 'result', data: result });
      } catch (error) {
        if (!streaming) throw error;
        send({ event: 'error', data: streamedErrorBody(error, request) });
      }
      if (!reply.raw.destroyed) reply.raw.end();
      return reply;
    });
  };
}
