import type { WorkspaceRole } from '@propguard/schemas';
import { isCompatPath } from './compat-transport.ts';

/**
 * Who may call what (issue 14, DESIGN.md section 7), in one table so that a reviewer reads it at
 * once. `open`: anyone, in every mode (sign-in, plans, webhooks, health, docs). `public`: public
 * analyses, readable without a key but rate-limited. A role: in AUTH_MODE=required the request
 * needs a session or an API key whose role includes it (owner > analyst > viewer); in
 * AUTH_MODE=local an anonymous browser acts as the local workspace's owner.
 */
export type Access = 'open' | 'public' | WorkspaceRole;

type Rule = readonly [method: string, path: RegExp, access: Access];

const RULES: readonly Rule[] = [
  ['*', /^\/api\/auth\//, 'open'],
  ['GET', /^\/api\/(me|plans)$/, 'open'],
  ['POST', /^\/api\/billing\/webhooks\//, 'open'],
  // Workspace-owned things: reports, CPS 230 tolerances and incidents, keys, billing, members.
  ['GET', /^\/api\/reports(\/|$)/, 'viewer'],
  ['GET', /^\/api\/compliance\//, 'viewer'],
  ['GET', /^\/api\/(keys|billing|workspace|usage|audit)(\/|$)/, 'viewer'],
  ['GET', /^\/api\/(portfolios|imports|jobs|loan-assessments)(\/|$)/, 'viewer'],
  // A stress test reads a stored portfolio and stores nothing: a viewer may run one.
  ['POST', /^\/api\/portfolios\/[^/]+\/stress$/, 'viewer'],
  ['PUT', /^\/api\/compliance\/tolerances\//, 'owner'],
  ['POST', /^\/api\/realty\/cache\/clear$/, 'owner'],
  ['POST', /^\/api\/(keys|workspace\/invitations|billing)(\/|$)/, 'owner'],
  ['DELETE', /^\/api\/keys\//, 'owner'],
  ['PATCH', /^\/api\/workspace\/members\//, 'owner'],
  ['DELETE', /^\/api\/workspace\/members\//, 'owner'],
  // Imported hazard overlays (issue 18) apply to the whole deployment: an analyst or an owner uploads and removes them.
  ['POST', /^\/api\/data\/hazard-layers$/, 'analyst'],
  ['DELETE', /^\/api\/data\/hazard-layers\//, 'analyst'],
  ['POST', /^\/api\/(invitations\/accept|workspace\/switch)$/, 'viewer'],
  // Certificates are public on chain: anyone may read the chain (JSON-RPC), a token (its public
  // metadata: hashes, date, model; the details only for the minting workspace) or a transaction,
  // and verify a certificate or a report against it; minting is a write (an analyst's) and metered.
  ['POST', /^\/api\/blockchain\/(rpc|verify-nft)$/, 'public'],
  // Which certificates a workspace holds (and a report's certificate) are the workspace's to list.
  ['GET', /^\/api\/blockchain\/(nft-collection|report-certificate)$/, 'viewer'],
  // Public analyses: nothing is stored for a workspace.
  ['POST', /^\/api\/(valuations|hazards\/(assess|climate)|functions\/(property-analysis|fire-risk|address-search)|realty\/(search|property-history|market-analysis)|llm\/(property|market)-sentiment)$/, 'public'],
];

/** The access rule of a route (`routeUrl` is the route's pattern, e.g. /api/reports/:reportId). */
export function accessOf(method: string, routeUrl: string | undefined): Access {
  if (routeUrl === undefined) return 'open';
  if (!routeUrl.startsWith('/api/') && !routeUrl.startsWith('/functions/')) return 'open';
  // The original client's anonymous calls (docs/compat.md) keep their own rate limit.
  if (isCompatPath(routeUrl)) return 'public';
  const rule = RULES.find(([ruleMethod, path]) => (ruleMethod === '*' || ruleMethod === method) && path.test(routeUrl));
  if (rule) return rule[2];
  // Any other read is public (health, data, geo, search pages); any other write is an analyst's.
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'public' : 'analyst';
}
