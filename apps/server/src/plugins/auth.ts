import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_KEY_PREFIX, AppError, type AuthMode } from '@propguard/schemas';
import { QUOTA_KINDS } from '@propguard/engines';
import type { AppConfig } from '../config.ts';
import { hasProxyHeaders, isDirectLoopbackRequest } from '../http/loopback.ts';
import { policyOf, usageKindsOf, VENDOR_ROUTE_POLICY, type RoutePolicy } from '../http/route-policy.ts';
import type { AppContext } from '../services/app-context.ts';
import { localPrincipal, principalForSession, recordAudit } from '../services/accounts/account-service.ts';
import { principalForApiKey } from '../services/accounts/api-key-service.ts';
import { readCookie, SESSION_COOKIE } from '../services/accounts/cookies.ts';
import { hasRole, type Principal } from '../services/accounts/principal.ts';
import { giveBackVisitorAnalysis, takeVisitorAnalysis, type AllowanceTaken } from '../services/accounts/public-allowance.ts';
import { isMetered, recordUsage, reserveQuota, settleReservedUsage } from '../services/accounts/usage-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared policy (requireRoutePolicies). */
    routePolicies: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    /** Who the request acts as (null: anonymous). Set by plugins/auth.ts before any handler. */
    principal: Principal | null;
    /** The usage rows reserved for this call (one per metered kind), settled when it answers (plugins/auth.ts). */
    usageReservations: number[] | null;
    /** The signed-out visitor's analysis this call took from the daily allowance, given back if it fails. */
    visitorAllowance: AllowanceTaken | null;
    /** How a streamed answer ended when its HTTP status (200, sent first) does not say: set by streamedErrorBody. */
    streamedStatus: number | null;
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

/** A registered route and its policy (the route sweep test walks them). */
export interface DeclaredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
  /** Added by Swagger UI or the static web app. */
  isVendor: boolean;
}

/**
 * Every route declares its policy beside its schema (http/route-policy.ts); one that does not stops
 * the server at start-up, so no route is ever open by default. The routes Swagger UI and the static
 * web app add are registered through `registerVendorRoutes`, which gives them the open policy.
 */
export function requireRoutePolicies(app: FastifyInstance): { registerVendorRoutes(register: () => Promise<void>): Promise<void> } {
  let isVendorScope = false;
  const declared: DeclaredRoute[] = [];
  app.decorate('routePolicies', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.policy) {
      if (!isVendorScope) throw new Error(`Route ${String(route.method)} ${route.url} declares no policy: add config: policy(...) (http/route-policy.ts) beside its schema.`);
      route.config = { ...route.config, policy: VENDOR_ROUTE_POLICY };
    }
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, policy: route.config.policy!, isVendor: isVendorScope });
  });
  return {
    async registerVendorRoutes(register) {
      isVendorScope = true;
      try {
        await register();
      } finally {
        isVendorScope = false;
      }
    },
  };
}

/**
 * The one hook of every route's policy (DESIGN.md section 7, issue 30). On each request: resolves
 * the principal (API key, then session cookie, then where authModeOf says local the local workspace's
 * owner); enforces the route's access; limits API-key calls by their plan (requests a minute);
 * before the handler, reserves each metered kind the call is (a valuation only while the monthly
 * quota has room: 429 QUOTA_EXCEEDED) or, for a signed-out visitor where sign-in is required, takes
 * one analysis of the daily allowance (401 past it); when the response has finished (onResponse, so
 * streamed and hijacked answers count too), settles the reservations with how the call ended and
 * writes the audit row of an audited route. Registered before the rate limits.
 */
export function registerAuth(app: FastifyInstance, context: AppContext): void {
  const { config, database, accounts } = context;
  app.decorateRequest('principal', null);
  app.decorateRequest('usageReservations', null);
  app.decorateRequest('visitorAllowance', null);
  app.decorateRequest('streamedStatus', null);
  app.decorateRequest('authMode', 'required');
  let hasWarnedOfProxy = false;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { access } = policyOf(request);
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
    if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Sign in, or send an API key as "Authorization: Bearer pg_..." (PROPGUARD_API_KEY for the propguard CLI).');
    if (!hasRole(request.principal.role, access)) throw new AppError('FORBIDDEN', `This needs the ${access} role in workspace "${request.principal.workspaceName}"; you are ${request.principal.role}.`);
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    // Quota kinds first: a call refused for its valuation reserves nothing else.
    const kinds = usageKindsOf(policyOf(request), request.body).sort((a, b) => Number(QUOTA_KINDS.includes(b)) - Number(QUOTA_KINDS.includes(a)));
    if (kinds.length === 0) return;
    const principal = request.principal;
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (isMetered(principal)) {
      request.usageReservations = [];
      // A portfolio reserves its loans itself once it has read them (reserveBulkValuations).
      for (const kind of kinds.filter((entry) => entry !== 'bulk_valuation')) {
        // Check and count in one transaction: parallel calls at the limit cannot all pass (429 with Retry-After).
        const reservation = await reserveQuota(database, accounts.plans, principal, kind, route, new Date());
        if (reservation !== null) request.usageReservations.push(reservation);
      }
    } else if (principal === null && request.authMode === 'required' && kinds.includes('valuation')) {
      request.visitorAllowance = await takeVisitorAnalysis(database, request.ip, config.publicAnalysesPerDay, new Date());
    }
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const statusCode = request.streamedStatus ?? reply.statusCode;
    const reservations = request.usageReservations ?? [];
    request.usageReservations = null;
    const logFailure = (what: string) => (error: unknown) => request.log.error({ err: error }, what);
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const principal = request.principal;
    const allowance = request.visitorAllowance;
    request.visitorAllowance = null;
    const isServed = statusCode < 400;
    // Issued together, so that the client's next call finds them written.
    await Promise.all([
      // Failed calls are not charged: their reservations are released, a visitor's analysis given back.
      ...reservations.map((reservation) => settleReservedUsage(database, reservation, statusCode).catch(logFailure('usage reservation not settled'))),
      allowance && !isServed ? giveBackVisitorAnalysis(database, allowance).catch(logFailure('visitor allowance not given back')) : null,
      // Every API-key call is counted (priced ones through their reservation, the rest as "other").
      principal?.kind === 'api_key' && isServed && reservations.length === 0 ? recordUsage(database, principal, 'other', route, statusCode, new Date()).catch(logFailure('usage not recorded')) : null,
      principal && isServed && policyOf(request).audited ? recordAudit(database, principal, route, null).catch(logFailure('audit not recorded')) : null,
    ]);
  });
}
