import {
  acceptInvitation,
  changeMember,
  deleteSession,
  findInvitationByTokenHash,
  findLocalWorkspace,
  findMembership,
  findSession,
  findUser,
  findUserByEmail,
  findWorkspace,
  insertAccountAudit,
  insertInvitation,
  insertSession,
  insertUserWithWorkspace,
  insertWorkspace,
  listAccountAudit,
  listInvitations,
  listMembers,
  listMemberships,
  setSessionWorkspace,
  touchUserLogin,
  type Database,
  type InvitationRow,
} from '@propguard/db';
import {
  AppError,
  PASSWORD_RULES_TEXT,
  planIdSchema,
  workspaceRoleSchema,
  type AuthMode,
  type Invitation,
  type LoginRequest,
  type MeResponse,
  type SignupRequest,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@propguard/schemas';
import { actorOf, requireRole, type Principal } from './principal.ts';
import { getDummyPasswordHash, hashPassword, newId, randomToken, sha256Hex, verifyPassword } from './secrets.ts';

/** Sessions last 14 days from sign-in. */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;
/** Invitations are valid for 7 days. */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const LOCAL_WORKSPACE_ID = 'ws_local';

/** The one workspace of AUTH_MODE=local, created on first start. */
export async function ensureLocalWorkspace(database: Database): Promise<{ id: string; name: string }> {
  const existing = await findLocalWorkspace(database);
  if (existing) return existing;
  await insertWorkspace(database, { id: LOCAL_WORKSPACE_ID, name: 'Local workspace', isLocal: true, planId: 'starter', createdAt: new Date().toISOString() });
  const created = await findLocalWorkspace(database);
  if (!created) throw new AppError('INTERNAL_ERROR', 'The local workspace could not be created.');
  return created;
}

export async function recordAudit(database: Database, principal: Principal | null, action: string, subject: string | null = null, workspaceId?: string): Promise<void> {
  await insertAccountAudit(database, { at: new Date().toISOString(), workspaceId: workspaceId ?? principal?.workspaceId ?? null, actor: actorOf(principal), action, subject });
}

/** A principal for a session: the session's workspace and the user's role in it. */
export async function principalForSession(database: Database, token: string): Promise<Principal | null> {
  const sessionId = sha256Hex(token);
  const session = await findSession(database, sessionId);
  if (!session || session.expiresAt < new Date().toISOString()) return null;
  const [user, workspace, role] = await Promise.all([findUser(database, session.userId), findWorkspace(database, session.workspaceId), findMembership(database, session.workspaceId, session.userId)]);
  if (!user || !workspace || !role) return null;
  return {
    kind: 'session',
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    isLocalWorkspace: workspace.isLocal,
    planId: planIdSchema.parse(workspace.planId),
    role: workspaceRoleSchema.parse(role),
    userId: user.id,
    email: user.email,
    sessionId,
    apiKeyId: null,
    apiKeyPrefix: null,
  };
}

export async function localPrincipal(database: Database, workspaceId: string): Promise<Principal> {
  const workspace = await findWorkspace(database, workspaceId);
  if (!workspace) throw new AppError('INTERNAL_ERROR', 'The local workspace is missing.');
  return { kind: 'local', workspaceId: workspace.id, workspaceName: workspace.name, isLocalWorkspace: true, planId: planIdSchema.parse(workspace.planId), role: 'owner', userId: null, email: null, sessionId: null, apiKeyId: null, apiKeyPrefix: null };
}

async function startSession(database: Database, userId: string, workspaceId: string): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await insertSession(database, { id: sha256Hex(token), userId, workspaceId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString() });
  return token;
}

/** Creates the user and their workspace (they own it) and signs them in; returns the session token. */
export async function signUp(database: Database, body: SignupRequest): Promise<string> {
  const now = new Date().toISOString();
  const userId = newId('usr');
  const workspaceId = newId('ws');
  const passwordHash = await hashPassword(body.password);
  const isCreated = await insertUserWithWorkspace(database, { id: userId, email: body.email, passwordHash, createdAt: now, lastLoginAt: now }, { id: workspaceId, name: body.workspace_name, isLocal: false, planId: 'starter', createdAt: now });
  if (!isCreated) throw new AppError('CONFLICT', 'email: an account with this email already exists; sign in instead.', { field: 'body.email' });
  await insertAccountAudit(database, { at: now, workspaceId, actor: body.email, action: 'signup', subject: body.workspace_name });
  return startSession(database, userId, workspaceId);
}

/** Checks the password (the same work whether or not the email exists) and starts a session in the user's first workspace. */
export async function logIn(database: Database, body: LoginRequest): Promise<string> {
  const user = await findUserByEmail(database, body.email);
  const isValid = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyPasswordHash()));
  if (!user || !isValid) throw new AppError('UNAUTHENTICATED', 'Wrong email or password.');
  const [first] = await listMemberships(database, user.id);
  if (!first) throw new AppError('FORBIDDEN', 'This account is not a member of any workspace.');
  await touchUserLogin(database, user.id, new Date().toISOString());
  await insertAccountAudit(database, { at: new Date().toISOString(), workspaceId: first.workspace.id, actor: user.email, action: 'login', subject: null });
  return startSession(database, user.id, first.workspace.id);
}

export async function logOut(database: Database, principal: Principal | null): Promise<void> {
  if (principal?.kind !== 'session' || !principal.sessionId) return;
  await deleteSession(database, principal.sessionId);
  await recordAudit(database, principal, 'logout');
}

function summaryOf(workspace: { id: string; name: string; planId: string; isLocal: boolean }, role: string): WorkspaceSummary {
  return { id: workspace.id, name: workspace.name, role: workspaceRoleSchema.parse(role), plan: workspace.planId, is_local: workspace.isLocal };
}

export async function describeMe(database: Database, principal: Principal | null, authMode: AuthMode): Promise<MeResponse> {
  if (!principal) return { auth_mode: authMode, authenticated_by: 'none', user: null, workspace: null, workspaces: [], password_rules: PASSWORD_RULES_TEXT };
  const workspace = await findWorkspace(database, principal.workspaceId);
  const current = workspace ? summaryOf(workspace, principal.role) : null;
  const memberships = principal.userId ? await listMemberships(database, principal.userId) : [];
  return {
    auth_mode: authMode,
    authenticated_by: principal.kind,
    user: principal.userId && principal.email ? { id: principal.userId, email: principal.email } : null,
    workspace: current,
    workspaces: principal.userId ? memberships.map((row) => summaryOf(row.workspace, row.role)) : current ? [current] : [],
    password_rules: PASSWORD_RULES_TEXT,
  };
}

export async function switchWorkspace(database: Database, principal: Principal, workspaceId: string): Promise<void> {
  if (principal.kind !== 'session' || !principal.sessionId || !principal.userId) throw new AppError('FORBIDDEN', 'Only a signed-in user can switch workspaces.');
  const role = await findMembership(database, workspaceId, principal.userId);
  if (!role) throw new AppError('NOT_FOUND', 'workspace_id: no such workspace.', { field: 'body.workspace_id' });
  await setSessionWorkspace(database, principal.sessionId, workspaceId);
}

// ---- members and invitations ----------------------------------------------------------------

function presentInvitation(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: workspaceRoleSchema.parse(row.role), created_at: row.createdAt, expires_at: row.expiresAt, accepted_at: row.acceptedAt };
}

export async function listWorkspaceMembers(database: Database, principal: Principal) {
  const [members, invitations] = await Promise.all([listMembers(database, principal.workspaceId), listInvitations(database, principal.workspaceId)]);
  return {
    members: members.map((row) => ({ user_id: row.userId, email: row.email, role: workspaceRoleSchema.parse(row.role), joined_at: row.joinedAt })),
    invitations: hasOwner(principal) ? invitations.map(presentInvitation) : [],
  };
}

function hasOwner(principal: Principal): boolean {
  return principal.role === 'owner';
}

/** An owner changes a member's role (the last owner cannot be demoted: 409). */
export async function changeMemberRole(database: Database, principal: Principal, userId: string, role: WorkspaceRole): Promise<void> {
  requireRole(principal, 'owner');
  const [user, before] = await Promise.all([findUser(database, userId), findMembership(database, principal.workspaceId, userId)]);
  const outcome = await changeMember(database, principal.workspaceId, userId, role);
  if (outcome === 'not_found') throw new AppError('NOT_FOUND', `user_id: no member ${userId} in this workspace.`, { field: 'params.userId' });
  if (outcome === 'last_owner') throw new AppError('CONFLICT', `${user?.email ?? userId} is the workspace's last owner and cannot be demoted: make another member an owner first.`, { field: 'body.role' });
  await recordAudit(database, principal, 'member.role', `${user?.email ?? userId}: ${before ?? '?'} to ${role}`);
}

/** An owner removes a member, whose sessions in the workspace end (the last owner cannot be removed: 409). */
export async function removeMember(database: Database, principal: Principal, userId: string): Promise<void> {
  requireRole(principal, 'owner');
  const user = await findUser(database, userId);
  const outcome = await changeMember(database, principal.workspaceId, userId, null);
  if (outcome === 'not_found') throw new AppError('NOT_FOUND', `user_id: no member ${userId} in this workspace.`, { field: 'params.userId' });
  if (outcome === 'last_owner') throw new AppError('CONFLICT', `${user?.email ?? userId} is the workspace's last owner and cannot be removed: make another member an owner first.`);
  await recordAudit(database, principal, 'member.remove', user?.email ?? userId);
}

/** An owner invites someone by email with a role; the token is returned once (we send no mail: the owner passes it on). */
export async function inviteMember(database: Database, principal: Principal, email: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<{ invitation: Invitation; token: string }> {
  requireRole(principal, 'owner');
  const token = `inv_${randomToken()}`;
  const now = new Date();
  const row: InvitationRow = { id: newId('inv'), workspaceId: principal.workspaceId, email, role, tokenHash: sha256Hex(token), createdBy: principal.userId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(), acceptedAt: null };
  await insertInvitation(database, row);
  await recordAudit(database, principal, 'invite', `${email} as ${role}`);
  return { invitation: presentInvitation(row), token };
}

/** The signed-in user joins the inviting workspace (their email must be the invited one) and switches to it. */
export async function acceptInvitationToken(database: Database, principal: Principal, token: string): Promise<void> {
  if (principal.kind !== 'session' || !principal.userId || !principal.email || !principal.sessionId) throw new AppError('FORBIDDEN', 'Sign in (or sign up) with the invited email to accept an invitation.');
  const invitation = await findInvitationByTokenHash(database, sha256Hex(token));
  if (!invitation || invitation.acceptedAt || invitation.expiresAt < new Date().toISOString()) throw new AppError('NOT_FOUND', 'token: no open invitation with this token (it may have expired or been used).', { field: 'body.token' });
  if (invitation.email !== principal.email) throw new AppError('FORBIDDEN', 'This invitation was sent to another email address.');
  const now = new Date().toISOString();
  if (!(await acceptInvitation(database, invitation.id, principal.userId, now))) throw new AppError('CONFLICT', 'token: this invitation was already accepted.', { field: 'body.token' });
  await setSessionWorkspace(database, principal.sessionId, invitation.workspaceId);
  await insertAccountAudit(database, { at: now, workspaceId: invitation.workspaceId, actor: principal.email, action: 'join', subject: invitation.role });
}

export async function readAuditLog(database: Database, principal: Principal, limit = 100) {
  const rows = await listAccountAudit(database, principal.workspaceId, limit);
  return rows.map((row) => ({ id: row.id, at: row.at, actor: row.actor, action: row.action, subject: row.subject }));
}
