import {
  acceptInvitation,
  changeMember,
  clearSignInThrottle,
  findAccountToken,
  forgiveSignInAttempt,
  insertAccountToken,
  replaceUserPassword,
  reserveSignInAttempt,
  useAccountToken,
  deleteSession,
  findInvitationByTokenHash,
  findLocalWorkspace,
  findMembership,
  findSession,
  findUser,
  findUserByEmail,
  findWorkspace,
  workspaceWrites,
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
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, decideSignInAttempt, recordSignInFailure } from '@propguard/engines';
import {
  AppError,
  PASSWORD_RULES_TEXT,
  planIdSchema,
  workspaceRoleSchema,
  type AuthMode,
  type Invitation,
  type LoginRequest,
  type MailSentResponse,
  type MeResponse,
  type PasswordResetConfirmRequest,
  type SignupRequest,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@propguard/schemas';
import type { MailTransport } from './mail.ts';
import { checkPasswordStrength } from './password-strength.ts';
import { actorOf, requireRole, type Principal } from './principal.ts';
import { getDummyPasswordHash, hashPassword, newId, randomToken, sha256Hex, verifyPassword } from './secrets.ts';

/** Sessions last 14 days from sign-in. */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;
/** Invitations are valid for 7 days. */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
/** A sign-up's confirmation link is valid for 24 hours, a password reset's for 1 hour (OWASP Forgot Password Cheat Sheet: short-lived, single use). */
const SIGNUP_TOKEN_TTL_MS = 24 * 3600 * 1000;
const RESET_TOKEN_TTL_MS = 3600 * 1000;

/** What the account mail needs: where it goes and the address browsers reach us at (for links). */
export interface AccountMail {
  mail: MailTransport;
  publicBaseUrl: string;
}

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

/**
 * How long the local workspace's principal is reused. Every local-mode request needs it; a change
 * this process writes (a plan bought) is seen at once (workspaceWrites), another process's within this.
 */
const LOCAL_PRINCIPAL_TTL_MS = 1000;
const localPrincipals = new WeakMap<Database, { workspaceId: string; revision: number; readAt: number; principal: Readonly<Principal> }>();

export async function localPrincipal(database: Database, workspaceId: string, now: number = Date.now()): Promise<Principal> {
  const cached = localPrincipals.get(database);
  if (cached && cached.workspaceId === workspaceId && cached.revision === workspaceWrites() && now - cached.readAt < LOCAL_PRINCIPAL_TTL_MS) return { ...cached.principal };
  const revision = workspaceWrites();
  const workspace = await findWorkspace(database, workspaceId);
  if (!workspace) throw new AppError('INTERNAL_ERROR', 'The local workspace is missing.');
  const principal: Principal = { kind: 'local', workspaceId: workspace.id, workspaceName: workspace.name, isLocalWorkspace: true, planId: planIdSchema.parse(workspace.planId), role: 'owner', userId: null, email: null, sessionId: null, apiKeyId: null, apiKeyPrefix: null };
  localPrincipals.set(database, { workspaceId, revision, readAt: now, principal: { ...principal } });
  return principal;
}

async function startSession(database: Database, userId: string, workspaceId: string): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await insertSession(database, { id: sha256Hex(token), userId, workspaceId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString() });
  return token;
}

/** A refused new password: 400 naming the field, with what would help. */
function requireStrongPassword(password: string, userInputs: readonly string[]): void {
  const verdict = checkPasswordStrength(password, userInputs);
  if (!verdict.isAcceptable) throw new AppError('VALIDATION_ERROR', verdict.message, { field: 'body.password' });
}

/** The one answer to a sign-up, whatever the email. */
function signupSentMessage(email: string): string {
  return `Check your email: we have sent a message to ${email} with a link to finish creating your account (valid for 24 hours). If nothing arrives, check the address and your spam folder.`;
}

/** The one answer to a password-reset request, whatever the email. */
function resetSentMessage(email: string): string {
  return `If ${email} has a PropGuard account, we have sent it a link to choose a new password (valid for 1 hour). If nothing arrives, check the address and your spam folder.`;
}

/** Sends a message and records in the account audit log that it was sent (never the link: a reset link is a key to the account). */
async function sendAccountMail(database: Database, mail: MailTransport, entry: { workspaceId: string | null; action: string; to: string }, message: { subject: string; text: string }): Promise<void> {
  await mail.send({ to: entry.to, ...message });
  await insertAccountAudit(database, { at: new Date().toISOString(), workspaceId: entry.workspaceId, actor: 'propguard', action: entry.action, subject: `to ${entry.to}: ${message.subject}` });
}

async function firstWorkspaceIdOf(database: Database, userId: string): Promise<string | null> {
  const [first] = await listMemberships(database, userId);
  return first?.workspace.id ?? null;
}

/**
 * A sign-up (issue 29): the answer is the same whether or not the email has an account, and the
 * account is created only when the link mailed to the address is followed (confirmSignUp), so that
 * sign-up cannot be used to learn who is a customer. A new address gets the confirmation link; an
 * address with an account gets a note saying so, with the sign-in and reset links. The password is
 * checked (rules, common-password list, strength) and hashed in both cases, so both take as long.
 */
export async function requestSignUp(database: Database, accountMail: AccountMail, body: SignupRequest): Promise<MailSentResponse> {
  requireStrongPassword(body.password, [body.email, body.workspace_name]);
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(database, body.email);
  const now = new Date();
  if (existing) {
    await sendAccountMail(database, accountMail.mail, { workspaceId: await firstWorkspaceIdOf(database, existing.id), action: 'mail.signup_existing', to: body.email }, {
      subject: 'You already have a PropGuard account',
      text: `Someone (we hope you) asked to create a PropGuard account with this email, but it already has one, so nothing was changed.\n\nSign in: ${accountMail.publicBaseUrl}/account\nForgot your password? Ask for a new one on the same page.\n\nIf it was not you, you can ignore this message.`,
    });
  } else {
    const token = `su_${randomToken()}`;
    await insertAccountToken(database, { tokenHash: sha256Hex(token), purpose: 'signup', email: body.email, passwordHash, workspaceName: body.workspace_name, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + SIGNUP_TOKEN_TTL_MS).toISOString(), usedAt: null });
    await sendAccountMail(database, accountMail.mail, { workspaceId: null, action: 'mail.signup_confirm', to: body.email }, {
      subject: 'Finish creating your PropGuard account',
      text: `Follow this link within 24 hours to create your account and the workspace "${body.workspace_name}":\n\n${accountMail.publicBaseUrl}/account?signup_token=${token}\n\nIf you did not ask for an account, ignore this message: nothing is created until the link is followed.`,
    });
  }
  return { success: true, message: signupSentMessage(body.email) };
}

/** The link of a sign-up message: creates the user and their workspace (they own it) and signs them in; returns the session token. */
export async function confirmSignUp(database: Database, token: string): Promise<string> {
  const now = new Date().toISOString();
  const pending = await useAccountToken(database, sha256Hex(token), 'signup', now);
  if (!pending?.passwordHash || !pending.workspaceName) throw new AppError('NOT_FOUND', 'token: no open sign-up with this token (the link may have expired or been used already); sign up again.', { field: 'body.token' });
  const userId = newId('usr');
  const workspaceId = newId('ws');
  const isCreated = await insertUserWithWorkspace(database, { id: userId, email: pending.email, passwordHash: pending.passwordHash, createdAt: now, lastLoginAt: now }, { id: workspaceId, name: pending.workspaceName, isLocal: false, planId: 'starter', createdAt: now });
  // Only the owner of the mailbox sees this (two sign-up links followed for one address).
  if (!isCreated) throw new AppError('CONFLICT', 'email: an account with this email was created meanwhile; sign in instead.', { field: 'body.token' });
  await insertAccountAudit(database, { at: now, workspaceId, actor: pending.email, action: 'signup', subject: pending.workspaceName });
  return startSession(database, userId, workspaceId);
}

/** A password-reset request: the same answer whatever the email; an address with an account is mailed a one-time link. */
export async function requestPasswordReset(database: Database, accountMail: AccountMail, email: string): Promise<MailSentResponse> {
  const user = await findUserByEmail(database, email);
  if (user) {
    const token = `pr_${randomToken()}`;
    const now = new Date();
    await insertAccountToken(database, { tokenHash: sha256Hex(token), purpose: 'password_reset', email, passwordHash: null, workspaceName: null, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(), usedAt: null });
    await sendAccountMail(database, accountMail.mail, { workspaceId: await firstWorkspaceIdOf(database, user.id), action: 'mail.password_reset', to: email }, {
      subject: 'Choose a new PropGuard password',
      text: `Follow this link within 1 hour to choose a new password (it works once):\n\n${accountMail.publicBaseUrl}/account?reset_token=${token}\n\nChoosing a new password signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.`,
    });
  }
  return { success: true, message: resetSentMessage(email) };
}

/** The link of a reset message with the new password: sets it, ends every session of the user, lifts a sign-in lock-out and signs in. */
export async function resetPassword(database: Database, body: PasswordResetConfirmRequest): Promise<string> {
  const tokenHash = sha256Hex(body.token);
  const notFound = () => new AppError('NOT_FOUND', 'token: no open password reset with this token (the link may have expired or been used already); ask for a new one.', { field: 'body.token' });
  const pending = await findAccountToken(database, tokenHash);
  if (!pending || pending.purpose !== 'password_reset') throw notFound();
  // Checked before the token is used, so that a refused password does not spend the link.
  requireStrongPassword(body.password, [pending.email]);
  const name = pending.email.split('@')[0] ?? '';
  if (name.length >= 4 && body.password.toLowerCase().includes(name)) throw new AppError('VALIDATION_ERROR', 'password: must not contain the name part of your email', { field: 'body.password' });
  const passwordHash = await hashPassword(body.password);
  const used = await useAccountToken(database, tokenHash, 'password_reset', new Date().toISOString());
  const user = used ? await findUserByEmail(database, used.email) : null;
  if (!user) throw notFound();
  await replaceUserPassword(database, user.id, passwordHash);
  await clearSignInThrottle(database, accountThrottleKey(user.email));
  const workspaceId = await firstWorkspaceIdOf(database, user.id);
  if (!workspaceId) throw new AppError('FORBIDDEN', 'This account is not a member of any workspace.');
  await insertAccountAudit(database, { at: new Date().toISOString(), workspaceId, actor: user.email, action: 'password.reset', subject: null });
  return startSession(database, user.id, workspaceId);
}

// ---- sign-in ----------------------------------------------------------------------------------

/** Too many failed sign-ins for the account or the address: 429 with Retry-After. */
export class SignInThrottledError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
  }
}

function accountThrottleKey(email: string): string {
  return `account:${email}`;
}

const ADDRESS_PREFIX = 'address:';

function throttlePolicyOf(key: string) {
  return key.startsWith(ADDRESS_PREFIX) ? ADDRESS_THROTTLE : ACCOUNT_THROTTLE;
}

function throttledMessage(key: string, reason: 'locked' | 'delay', seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} s`;
  const whose = key.startsWith(ADDRESS_PREFIX) ? 'from your address' : 'for this account';
  return reason === 'locked'
    ? `Too many failed sign-ins ${whose}: signing in is locked for ${wait}. To get in sooner, choose a new password with "Forgot your password?".`
    : `Too many failed sign-ins ${whose}: wait ${wait} before trying again (each failure doubles the wait), or use "Forgot your password?".`;
}

/**
 * Checks the password (the same work whether or not the email exists) and starts a session in the
 * user's first workspace. Failed sign-ins are throttled per account (the email as typed, known or
 * not, so the throttle tells nothing either) and per client address (packages/engines
 * sign-in-throttle.ts): each attempt is counted as a failure before the password is checked, so
 * parallel guesses cannot slip past the count, and taken back when it succeeds. Failures of a real
 * account and every lock-out are written to the account audit log.
 */
export async function logIn(database: Database, body: LoginRequest, clientAddress: string): Promise<string> {
  const accountKey = accountThrottleKey(body.email);
  const addressKey = `${ADDRESS_PREFIX}${clientAddress}`;
  const now = new Date();
  const attempt = await reserveSignInAttempt(
    database,
    [accountKey, addressKey],
    (key, state) => {
      const decision = decideSignInAttempt(state, now, throttlePolicyOf(key));
      return decision.isAllowed ? null : { key, reason: decision.reason, retryAfterSeconds: decision.retryAfterSeconds };
    },
    (key, state) => recordSignInFailure(state, now, throttlePolicyOf(key)),
  );
  if (attempt.refusal) throw new SignInThrottledError(throttledMessage(attempt.refusal.key, attempt.refusal.reason, attempt.refusal.retryAfterSeconds), attempt.refusal.retryAfterSeconds);

  const user = await findUserByEmail(database, body.email);
  const isValid = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyPasswordHash()));
  const workspaceId = user ? await firstWorkspaceIdOf(database, user.id) : null;
  if (!user || !isValid) {
    const at = new Date().toISOString();
    if (user) await insertAccountAudit(database, { at, workspaceId, actor: user.email, action: 'login.failed', subject: `from ${clientAddress}` });
    for (const key of attempt.newLocks) {
      const policy = throttlePolicyOf(key);
      await insertAccountAudit(database, { at, workspaceId: key === accountKey ? workspaceId : null, actor: key === accountKey ? body.email : clientAddress, action: 'login.locked', subject: `${key === accountKey ? 'account' : 'address'} locked for ${policy.lockSeconds / 60} minutes after ${policy.lockAfterFailures} failed sign-ins (last from ${clientAddress})` });
    }
    throw new AppError('UNAUTHENTICATED', 'Wrong email or password.');
  }
  await forgiveSignInAttempt(database, [accountKey], [addressKey], attempt.newLocks);
  if (!workspaceId) throw new AppError('FORBIDDEN', 'This account is not a member of any workspace.');
  await touchUserLogin(database, user.id, new Date().toISOString());
  await insertAccountAudit(database, { at: new Date().toISOString(), workspaceId, actor: user.email, action: 'login', subject: null });
  return startSession(database, user.id, workspaceId);
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
