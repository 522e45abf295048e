import type { FastifyInstance } from 'fastify';

/**
 * One log line per request: at debug level normally (so the default info level keeps the log for
 * what matters), at info when it failed (status 400 and above) or took longer than `slowMs`.
 * The line carries the method, the route pattern, the status and the time, never bodies or headers.
 */
export function registerRequestLogs(app: FastifyInstance, slowMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    const elapsedMs = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, route: request.routeOptions.url ?? request.url.split('?', 1)[0], status: reply.statusCode, elapsedMs };
    if (reply.statusCode >= 400 || elapsedMs > slowMs) request.log.info(line, elapsedMs > slowMs ? 'slow request' : 'request failed');
    else request.log.debug(line, 'request');
  });
}
