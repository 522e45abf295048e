import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, AppError, type AuthMode } from '@propguard/schemas';
import type { AppConfig } from '../config.ts';
import { hasProxyHeaders, isDirectLoopbackRequest } from '../http/loopback.ts';
import type { AppContext } from '../services/app-context.ts';
import { localPrincipal, principalForSession, recordAudit } from '../services/accounts/account-service.ts';
import { principalForApiKey } from '../services/accounts/api-key-service.ts';
import { readCookie, SESSION_COOKIE } from '../services/accounts/cookies.ts';
import { hasRole, type Principal } from '../services/accounts/principal.ts';
import { isMetered, QuotaError, recordUsage, reserveQuota, settleReservedUsage, usageKindOf } from '../services/accounts/usage-service.ts';
import { accessOf } from './access-policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts as (null: anonymous). Set by plugins/auth.ts before any handler. */
    principal: Principal | null;
    /** The usage row reserved for this call by the quota check, settled when it answers (plugins/auth.ts). */
    usageReservation: number | null;
    /** The mode this request gets (authModeOf): local only where plugins/auth.ts says so. */
    authMode: AuthMode;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/** Is this an API-key call? The per-address rate limit of plugins/security.ts skips these: their plan limits them. */
export function isApiKeyRequest(request: FastifyRequest): boolean {
  return request.principal?.kind === 'api_key';
}

/**
 * The mode a request gets (DESIGN.md section 7, issue 29). AUTH_MODE=local set explicitly: every
 * request. AUTH_MODE unset on a loopback HOST (the documented `npm start` on a developer machine):
 * only a request straight from this machine (http/loopback.ts); a request through a reverse proxy
 * (a public Host, Forwarded or X-Forwarded-*, a public Origin) is anonymous as in AUTH_MODE=required.
 */
export function authModeOf(config: Pick<AppConfig, 'authMode' | 'authModeSource'>, request: FastifyRequest): AuthMode {
  if (config.authMode !== 'local') return 'required';
  return config.authModeSource === 'explicit' || isDirectLoopbackRequest(request) ? 'local' : 'required';
}

/**
 * Resolves the principal of every request (API key, then session cookie, then where authModeOf
 * says local the local workspace's owner), applies plugins/access-policy.ts, limits API-key calls by their
 * plan (requests a minute, monthly valuation quota: 429 with Retry-After), meters them, and
 * records workspace-owned writes in the audit log. Registered before the rate limits.
 */
export function registerAuth(app: FastifyInstance, context: AppContext): void {
  const { config, database, accounts } = context;
  app.decorateRequest('principal', null);
  app.decorateRequest('usageReservation', null);
  app.decorateRequest('authMode', 'required');
  let hasWarnedOfProxy = false;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = accessOf(request.method, request.routeOptions.url);
    request.authMode = authModeOf(config, request);
    if (!hasWarnedOfProxy && config.trustProxy === false && hasProxyHeaders(request)) {
      hasWarnedOfProxy = true;
      request.log.warn('A request came through a proxy (X-Forwarded-For or Forwarded) but TRUST_PROXY is unset: every visitor shares the proxy\'s address for the rate limits and the sign-in throttle, and the session cookie cannot see https. Set TRUST_PROXY (README, "Deployment behind a reverse proxy").');
    }
    const secret = bearerOf(request);
    if (secret) {
      request.principal = await principalForApiKey(database, secret);
      if (!request.principal) throw new AppError('UNAUTHENTICATED', 'This API key is unknown or revoked.');
      const plan = await accounts.plans.get(request.principal.planId);
      if (!plan.apiAccess && access !== 'open') throw new AppError('FORBIDDEN', `The ${plan.name} plan has no API access. Upgrade to Professional (14-day free trial) on the Pricing tab.`);
      const wait = accounts.rateWindows.hit(request.principal.workspaceId, plan.apiRequestsPerMinute, Date.now());
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw new AppError('RATE_LIMITED', `Rate limit of the ${plan.name} plan reached: ${plan.apiRequestsPerMinute} API requests a minute. Retry in ${wait} s${plan.id === 'enterprise' ? '' : ', or contact sales for Enterprise (600 a minute)'}.`);
      }
    } else {
      const token = readCookie(request.headers.cookie, SESSION_COOKIE);
      if (token) request.principal = await principalForSession(database, token);
      if (!request.principal && request.authMode === 'local' && access !== 'open') request.principal = await localPrincipal(database, accounts.localWorkspaceId);
    }
    if (access === 'open' || access === 'public') return;
    if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Sign in, or send an API key as "Authorization: Bearer pg_...".');
    if (!hasRole(request.principal.role, access)) throw new AppError('FORBIDDEN', `This needs the ${access} role in workspace "${request.principal.workspaceName}"; you are ${request.principal.role}.`);
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = request.principal;
    if (!isMetered(principal) || request.routeOptions.url === undefined) return;
    const kind = usageKindOf(request.method, request.routeOptions.url, request.body);
    try {
      // Check and count in one transaction: parallel calls at the limit cannot all pass.
      request.usageReservation = await reserveQuota(database, accounts.plans, principal, kind, `${request.method} ${request.routeOptions.url}`, new Date());
    } catch (error) {
      if (error instanceof QuotaError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  const settle = async (request: FastifyRequest, statusCode: number) => {
    const reservation = request.usageReservation;
    if (reservation === null) return;
    request.usageReservation = null;
    await settleReservedUsage(database, reservation, statusCode).catch((error: unknown) => request.log.error({ err: error }, 'usage reservation not settled'));
  };

  // onSend, not onResponse: the call is counted before its answer leaves, so the next call's quota
  // check sees it (onResponse runs after the client already has the answer).
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const principal = request.principal;
    const routeUrl = request.routeOptions.url;
    const wasReserved = request.usageReservation !== null;
    await settle(request, reply.statusCode);
    if (!principal || routeUrl === undefined || reply.statusCode >= 400) return payload;
    const kind = usageKindOf(request.method, routeUrl, request.body);
    // API keys: every call is counted; sessions: only the priced ones (a browser polls health).
    if (!wasReserved && (principal.kind === 'api_key' || (principal.kind === 'session' && kind !== 'other'))) {
      await recordUsage(database, principal, kind, `${request.method} ${routeUrl}`, reply.statusCode, new Date()).catch((error: unknown) => request.log.error({ err: error }, 'usage not recorded'));
    }
    const access = accessOf(request.method, routeUrl);
    if (request.method !== 'GET' && access !== 'open' && access !== 'public' && !/^\/api\/(keys|workspace|invitations|billing)/.test(routeUrl)) {
      // Workspace-owned writes (the account routes record their own, more precise, entries).
      await recordAudit(database, principal, `${request.method} ${routeUrl}`, null).catch((error: unknown) => request.log.error({ err: error }, 'audit not recorded'));
    }
    return payload;
  });

  // A call that never reached onSend (the connection went first) still settles its reservation.
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => settle(request, reply.statusCode));
}
