import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { policyOf } from '../http/route-policy.ts';

/**
 * Transport of the original client's calls (../shared/COMPAT.md "Transport"), and only of them (the
 * routes whose policy says `compat`): CORS for any origin with the client's request headers, an
 * answer to every preflight, a Content-Type of exactly `application/json` (the client parses nothing
 * else). Their anonymous rate limit is a class of plugins/security.ts. Its `apikey` and Bearer
 * headers are public tokens: never read.
 */
export const COMPAT_ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type';

function corsHeaders(request: FastifyRequest) {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': COMPAT_ALLOW_HEADERS,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-max-age': '86400',
    vary: request.headers.origin ? 'Origin' : undefined,
  };
}

/** Registered before the routes: collects the compatibility routes' paths for the preflight answer. */
export function registerCompatTransport(app: FastifyInstance): void {
  const compatPaths = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.policy?.compat) compatPaths.add(route.url);
  });

  app.addHook('onRequest', async (request, reply) => {
    // A preflight reaches no route of its own: it is answered for the paths of compatibility routes.
    if (request.method !== 'OPTIONS' || !compatPaths.has(request.url.split('?', 1)[0]!)) return;
    for (const [name, value] of Object.entries(corsHeaders(request))) if (value !== undefined) reply.header(name, value);
    await reply.status(204).header('content-type', 'application/json').send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!policyOf(request).compat) return payload;
    for (const [name, value] of Object.entries(corsHeaders(request))) if (value !== undefined) reply.header(name, value);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('content-type', 'application/json');
    return payload;
  });
}
