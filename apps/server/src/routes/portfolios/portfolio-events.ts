import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPortfolioFinished, portfolioParamsSchema, type PortfolioProgressEvent } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { portfolioOwnerOf, portfolioProgress } from '../../services/portfolio/portfolio-service.ts';
import { policy } from '../../http/route-policy.ts';
import { releaseAdmission } from '../../plugins/load-shedding.ts';

/**
 * GET /api/portfolios/{id}/events: Server-Sent Events. `progress` events carry
 * portfolioProgressEventSchema's JSON; the last one (completed, failed or cancelled) is sent as
 * `done` and the stream ends.
 */
export function portfolioEventsRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/portfolios/:id/events', {
      config: policy('viewer'),
      schema: { tags: ['portfolios'], summary: 'Progress of a portfolio job as Server-Sent Events (loans done, loans a second, time left, errors)', params: portfolioParamsSchema, response: { 200: z.string().describe('text/event-stream of PortfolioProgressEvent'), ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      const abort = new AbortController();
      const events = portfolioProgress(context, request.params.id, portfolioOwnerOf(request.principal).scope, abort.signal);
      // The first event (or the 404) before the stream opens, so errors answer as JSON.
      const first = await events.next();
      reply.hijack();
      // From here on the stream only waits for progress: its place in the server's queue is freed.
      releaseAdmission(request);
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      request.raw.on('close', () => abort.abort());
      const send = (event: PortfolioProgressEvent) => {
        const name = isPortfolioFinished(event.state) ? 'done' : 'progress';
        reply.raw.write(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      try {
        if (!first.done) send(first.value);
        for await (const event of events) send(event);
      } finally {
        reply.raw.end();
      }
    });
  };
}
