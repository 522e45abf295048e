import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Transport of the original client's calls (../shared/COMPAT.md "Transport"), and only of them:
 * CORS for any origin with the client's request headers, an answer to every preflight, a
 * Content-Type of exactly `application/json` (the client parses nothing else). Their anonymous rate
 * limit is a class of plugins/security.ts. Its `apikey` and Bearer headers are public tokens: never read.
 */
export const COMPAT_PREFIXES = ['/functions/v1/', '/api/llm/', '/api/propguard/'] as const;
export const COMPAT_ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type';

export function isCompatPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return COMPAT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function corsHeaders(request: FastifyRequest) {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': COMPAT_ALLOW_HEADERS,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-max-age': '86400',
    vary: request.headers.origin ? 'Origin' : undefined,
  };
}

export function registerCompatTransport(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !isCompatPath(request.url)) return;
    for (const [name, value] of Object.entries(corsHeaders(request))) if (value !== undefined) reply.header(name, value);
    await reply.status(204).header('content-type', 'application/json').send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isCompatPath(request.url)) return payload;
    for (const [name, value] of Object.entries(corsHeaders(request))) if (value !== undefined) reply.header(name, value);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('content-type', 'application/json');
    return payload;
  });
}

/** Route config marking a compatibility route (OpenAPI tag and limits come from the path). */
export const COMPAT_ROUTE_CONFIG = { compatibility: 'anonymous' as const };
