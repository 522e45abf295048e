import type { AuthMode, PlanId, WorkspaceRole } from '@propguard/schemas';
import { AppError } from '@propguard/schemas';

/** Who a request acts as: resolved once per request by plugins/auth.ts. */
export interface Principal {
  kind: 'local' | 'session' | 'api_key';
  workspaceId: string;
  workspaceName: string;
  isLocalWorkspace: boolean;
  planId: PlanId;
  role: WorkspaceRole;
  userId: string | null;
  email: string | null;
  sessionId: string | null;
  apiKeyId: string | null;
  apiKeyPrefix: string | null;
}

const ROLE_RANK: Record<WorkspaceRole, number> = { viewer: 1, analyst: 2, owner: 3 };

/** Does `role` include the rights of `needed`? owner > analyst > viewer. */
export function hasRole(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}

/** How the audit log names the actor. */
export function actorOf(principal: Principal | null): string {
  if (!principal) return 'anonymous';
  if (principal.kind === 'api_key') return `api key ${principal.apiKeyPrefix ?? ''}`.trim();
  if (principal.kind === 'session') return principal.email ?? 'user';
  return 'local';
}

/** The principal a handler needs; a route reached without one was let through by mistake. */
export function requirePrincipal(principal: Principal | null, authMode: AuthMode): Principal {
  if (principal) return principal;
  throw new AppError('UNAUTHENTICATED', authMode === 'required'
    ? 'Sign in, or send an API key as "Authorization: Bearer pg_...".'
    : 'Sign in first.');
}

export function requireRole(principal: Principal, needed: WorkspaceRole): void {
  if (!hasRole(principal.role, needed)) throw new AppError('FORBIDDEN', `This needs the ${needed} role in workspace "${principal.workspaceName}"; you are ${principal.role}.`);
}

/**
 * The reports a principal sees: its workspace's, and for the local workspace also those stored
 * before workspaces existed. Anonymous callers (public routes) see nothing workspace-owned.
 */
export function reportScopeOf(principal: Principal | null): { workspaceId: string; includeUnowned: boolean } {
  if (!principal) return { workspaceId: '', includeUnowned: false };
  return { workspaceId: principal.workspaceId, includeUnowned: principal.isLocalWorkspace };
}
