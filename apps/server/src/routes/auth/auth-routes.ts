import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema, errorResponseSchema, loginRequestSchema, meResponseSchema, okResponseSchema, signupRequestSchema } from '@propguard/schemas';
import { isLoopbackHost } from '../../config.ts';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { describeMe, localPrincipal, logIn, logOut, principalForSession, SESSION_TTL_SECONDS, signUp } from '../../services/accounts/account-service.ts';
import { clearedSessionCookie, sessionCookie } from '../../services/accounts/cookies.ts';

const AUTH_ERRORS = { ...ERROR_RESPONSES, 401: errorResponseSchema, 409: errorResponseSchema } as const;

/** Secure cookies everywhere except plain HTTP to a loopback host (where browsers would drop them). */
function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https' || !isLoopbackHost(request.hostname);
}

function setSession(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.header('set-cookie', sessionCookie(token, { maxAgeSeconds: SESSION_TTL_SECONDS, isSecure: isSecureRequest(request) }));
  // Nothing about a session may be cached by a proxy.
  reply.header('cache-control', 'no-store');
}

/** POST /api/auth/signup, /login, /logout and GET /api/me. */
export function authRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { database, config } = context;
  return async (app) => {
    app.post('/auth/signup', {
      schema: { tags: ['accounts'], summary: 'Creates an account and its workspace (you own it) and signs you in', body: signupRequestSchema, response: { 200: authResponseSchema, ...AUTH_ERRORS } },
    }, async (request, reply) => {
      const token = await signUp(database, request.body);
      setSession(request, reply, token);
      return { success: true as const, me: await describeMe(database, await principalForSession(database, token), config.authMode) };
    });

    app.post('/auth/login', {
      schema: { tags: ['accounts'], summary: 'Signs in with email and password (session cookie: HTTP-only, SameSite=Lax, Secure beyond loopback)', body: loginRequestSchema, response: { 200: authResponseSchema, ...AUTH_ERRORS } },
    }, async (request, reply) => {
      const token = await logIn(database, request.body);
      setSession(request, reply, token);
      return { success: true as const, me: await describeMe(database, await principalForSession(database, token), config.authMode) };
    });

    app.post('/auth/logout', {
      schema: { tags: ['accounts'], summary: 'Ends the session', response: { 200: okResponseSchema, ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      await logOut(database, request.principal);
      reply.header('set-cookie', clearedSessionCookie(isSecureRequest(request)));
      return { success: true as const };
    });

    app.get('/me', {
      schema: { tags: ['accounts'], summary: 'Who this request acts as: user, workspace and role (in AUTH_MODE=local without sign-in, the local workspace\'s owner)', response: { 200: meResponseSchema, ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = request.principal ?? (config.authMode === 'local' ? await localPrincipal(database, context.accounts.localWorkspaceId) : null);
      return describeMe(database, principal, config.authMode);
    });
  };
}
