import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyListResponseSchema, createApiKeyRequestSchema, createApiKeyResponseSchema, errorResponseSchema, idParamsSchema, okResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { createApiKey, listWorkspaceApiKeys, revokeWorkspaceApiKey } from '../../services/accounts/api-key-service.ts';
import { requirePrincipal } from '../../services/accounts/principal.ts';
import { policy } from '../../http/route-policy.ts';

const ERRORS = { ...ERROR_RESPONSES, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** GET, POST /api/keys and DELETE /api/keys/{id}. */
export function apiKeyRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { database, config } = context;
  return async (app) => {
    app.get('/keys', {
      config: policy('viewer'),
      schema: { tags: ['api keys'], summary: 'The workspace\'s API keys: names, prefixes, creation and last use (never the secrets)', response: { 200: apiKeyListResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, keys: await listWorkspaceApiKeys(database, requirePrincipal(request.principal, config.authMode)) }));

    app.post('/keys', {
      config: policy('owner'),
      schema: { tags: ['api keys'], summary: 'Creates an API key; the secret (pg_...) is in this answer only, and only its hash is stored', body: createApiKeyRequestSchema, response: { 200: createApiKeyResponseSchema, ...ERRORS } },
    }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await createApiKey(database, requirePrincipal(request.principal, config.authMode), request.body.name)) };
    });

    app.delete('/keys/:id', {
      config: policy('owner'),
      schema: { tags: ['api keys'], summary: 'Revokes an API key (calls with it answer 401 from now on)', params: idParamsSchema, response: { 200: okResponseSchema, ...ERRORS } },
    }, async (request) => {
      await revokeWorkspaceApiKey(database, requirePrincipal(request.principal, config.authMode), request.params.id);
      return { success: true as const };
    });
  };
}
