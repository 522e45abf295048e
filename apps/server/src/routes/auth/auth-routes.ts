import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  mailSentResponseSchema,
  meResponseSchema,
  okResponseSchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
  signupConfirmRequestSchema,
  signupRequestSchema,
} from '@propguard/schemas';
import { isSecureCookieRequest } from '../../http/loopback.ts';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import {
  confirmSignUp,
  describeMe,
  localPrincipal,
  logIn,
  logOut,
  principalForSession,
  requestPasswordReset,
  requestSignUp,
  resetPassword,
  SESSION_TTL_SECONDS,
  SignInThrottledError,
} from '../../services/accounts/account-service.ts';
import { clearedSessionCookie, sessionCookie } from '../../services/accounts/cookies.ts';
import { policy } from '../../http/route-policy.ts';

const AUTH_ERRORS = { ...ERROR_RESPONSES, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema } as const;

/** POST /api/auth/signup (+ /confirm), /login, /logout, /password-reset (+ /confirm) and GET /api/me. */
export function authRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { database, config } = context;
  const accountMail = () => ({ mail: context.accounts.mail, publicBaseUrl: config.publicBaseUrl });
  // Secure follows the real scheme (http/loopback.ts); X-Forwarded-Proto counts only with TRUST_PROXY.
  const isSecureRequest = (request: FastifyRequest) => isSecureCookieRequest(request, config.trustProxy !== false);
  const setSession = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    reply.header('set-cookie', sessionCookie(token, { maxAgeSeconds: SESSION_TTL_SECONDS, isSecure: isSecureRequest(request) }));
    // Nothing about a session may be cached by a proxy.
    reply.header('cache-control', 'no-store');
  };
  return async (app) => {
    const signedIn = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      setSession(request, reply, token);
      return { success: true as const, me: await describeMe(database, await principalForSession(database, token), request.authMode) };
    };

    app.post('/auth/signup', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'Asks for an account: mails a link that creates it and its workspace (the answer is the same whether or not the email has an account)', body: signupRequestSchema, response: { 200: mailSentResponseSchema, ...AUTH_ERRORS } },
    }, async (request) => requestSignUp(database, accountMail(), request.body));

    app.post('/auth/signup/confirm', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'The sign-up link: creates the account and its workspace (you own it) and signs you in', body: signupConfirmRequestSchema, response: { 200: authResponseSchema, ...AUTH_ERRORS } },
    }, async (request, reply) => signedIn(request, reply, await confirmSignUp(database, request.body.token)));

    app.post('/auth/login', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'Signs in with email and password (session cookie: HTTP-only, SameSite=Lax, Secure unless plain HTTP from this machine); failed sign-ins are throttled per account and per address (429 with Retry-After)', body: loginRequestSchema, response: { 200: authResponseSchema, ...AUTH_ERRORS } },
    }, async (request, reply) => {
      try {
        return await signedIn(request, reply, await logIn(database, request.body, request.ip));
      } catch (error) {
        if (error instanceof SignInThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    });

    app.post('/auth/password-reset', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'Asks for a password reset link by mail (the answer is the same whether or not the email has an account)', body: passwordResetRequestSchema, response: { 200: mailSentResponseSchema, ...AUTH_ERRORS } },
    }, async (request) => requestPasswordReset(database, accountMail(), request.body.email));

    app.post('/auth/password-reset/confirm', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'The reset link with a new password: sets it, signs out every other session and signs you in', body: passwordResetConfirmRequestSchema, response: { 200: authResponseSchema, ...AUTH_ERRORS } },
    }, async (request, reply) => signedIn(request, reply, await resetPassword(database, request.body)));

    app.post('/auth/logout', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'Ends the session', response: { 200: okResponseSchema, ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      await logOut(database, request.principal);
      reply.header('set-cookie', clearedSessionCookie(isSecureRequest(request)));
      return { success: true as const };
    });

    app.get('/me', {
      config: policy('open'),
      schema: { tags: ['accounts'], summary: 'Who this request acts as: user, workspace and role (in AUTH_MODE=local without sign-in, the local workspace\'s owner; auth_mode is this request\'s)', response: { 200: meResponseSchema, ...ERROR_RESPONSES } },
    }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = request.principal ?? (request.authMode === 'local' ? await localPrincipal(database, context.accounts.localWorkspaceId) : null);
      return describeMe(database, principal, request.authMode);
    });
  };
}
