import type { FastifyRequest } from 'fastify';
import type { ReportTemplate, UsageKind, WorkspaceRole } from '@propguard/schemas';

/**
 * Who may call a route (DESIGN.md section 7). `open`: anyone, in every mode (sign-in, plans,
 * webhooks, health, docs). `public`: readable without a key; rate-limited per address, and where the
 * route values a property, a signed-out visitor in AUTH_MODE=required has a small daily allowance
 * (PUBLIC_ANALYSES_PER_DAY). A role: in AUTH_MODE=required the request needs a session or an API key
 * whose role includes it (owner > analyst > viewer); in local mode the local owner acts.
 */
export type Access = 'open' | 'public' | WorkspaceRole;

/** What one call is metered as; `none`: not priced (an API key's call is still counted as "other"). */
export type Usage = Exclude<UsageKind, 'other'> | 'none';

/**
 * The policy a route declares beside its schema (`config: policy(...)`), read by the one hook that
 * enforces and meters it (plugins/auth.ts). Nothing is inferred from the URL.
 */
export interface RoutePolicy {
  readonly access: Access;
  /**
   * What a call is metered as (one kind, or several: a mint that generates its report is a
   * certificate, a valuation and a compliance report); a function of the validated body where that decides it (a report's
   * template, the original client's health probe). `bulk_valuation`: one per loan, reserved by the
   * route itself once it knows how many loans it starts (reserveBulkValuations).
   */
  readonly usage: Usage | readonly Usage[] | ((body: unknown) => readonly Usage[]);
  /** Recorded in the workspace's audit log when it succeeds. */
  readonly audited: boolean;
  /** One of the original client's calls (docs/compat.md): CORS for any origin, its own rate limit. */
  readonly compat: boolean;
  /** Computes a lot per call (reports, mints, market analyses): the stricter per-address limit. */
  readonly expensive: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}

export interface PolicyOptions {
  usage?: RoutePolicy['usage'];
  audited?: boolean;
  compat?: boolean;
  expensive?: boolean;
}

/** The route config of a policy: `app.post(url, { config: policy('analyst', { audited: true }), schema }, handler)`. */
export function policy(access: Access, options: PolicyOptions = {}): { policy: RoutePolicy } {
  return {
    policy: {
      access,
      usage: options.usage ?? 'none',
      audited: options.audited ?? false,
      compat: options.compat ?? false,
      expensive: options.expensive ?? false,
    },
  };
}

/** The policy of the routes Swagger UI and the static web app add (documentation and the built page: nothing to protect). */
export const VENDOR_ROUTE_POLICY: RoutePolicy = policy('open').policy;

/** The policy of the route a request reached; an unmatched path (the 404 answer) is open. */
export function policyOf(request: FastifyRequest): RoutePolicy {
  return request.routeOptions.config.policy ?? VENDOR_ROUTE_POLICY;
}

/** The kinds one call is metered as (none for `none`). */
export function usageKindsOf(routePolicy: RoutePolicy, body: unknown): Exclude<UsageKind, 'other'>[] {
  const { usage: declared } = routePolicy;
  const usage = typeof declared === 'function' ? declared(body) : typeof declared === 'string' ? [declared] : declared;
  return usage.filter((kind): kind is Exclude<UsageKind, 'other'> => kind !== 'none');
}

/**
 * A report values its property (counted against the valuation quota) and, unless it is the
 * climate-risk template alone, carries the lending and APRA sections priced as a compliance report.
 */
export function reportUsage(template: ReportTemplate | undefined): readonly Usage[] {
  return template === 'climate-risk' ? ['valuation'] : ['valuation', 'compliance_report'];
}

/** A mint is a certificate; one that generates its report first (no report_id) values the property too. */
export function mintUsage(body: unknown): readonly Usage[] {
  return (body as { report_id?: unknown } | null)?.report_id === undefined ? ['certificate', ...reportUsage('full-valuation')] : ['certificate'];
}
