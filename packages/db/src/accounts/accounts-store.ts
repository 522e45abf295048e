import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { FINISHED_PORTFOLIO_STATES } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { accountAudit, accountTokens, apiKeys, apiPrices, apiUsage, billingEvents, checkouts, invitations, invoices, plans, publicAllowance, sessions, signInThrottle, subscriptions, testProcessorCustomers, testProcessorSubscriptions, users, workspaceMembers, workspaces } from './accounts-schema.ts';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type ApiPriceRow = typeof apiPrices.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type TestProcessorCustomerRow = typeof testProcessorCustomers.$inferSelect;
export type TestProcessorSubscriptionRow = typeof testProcessorSubscriptions.$inferSelect;

// ---- workspaces and users -------------------------------------------------------------------

export async function findLocalWorkspace(database: Database): Promise<WorkspaceRow | null> {
  const [row] = await database.db.select().from(workspaces).where(eq(workspaces.isLocal, true)).limit(1);
  return row ?? null;
}

let workspaceRevision = 0;

/** Counts the workspace changes this process has written: a cache of a workspace's row is stale once it moves. */
export function workspaceWrites(): number {
  return workspaceRevision;
}

export async function insertWorkspace(database: Database, row: typeof workspaces.$inferInsert): Promise<void> {
  workspaceRevision += 1;
  await database.db.insert(workspaces).values(row).onConflictDoNothing();
  workspaceRevision += 1;
}

export async function findWorkspace(database: Database, id: string): Promise<WorkspaceRow | null> {
  const [row] = await database.db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  return row ?? null;
}

export async function updateWorkspacePlan(database: Database, id: string, planId: string, hasHadTrial?: boolean): Promise<void> {
  workspaceRevision += 1;
  await database.db.update(workspaces).set({ planId, ...(hasHadTrial === undefined ? {} : { hasHadTrial }) }).where(eq(workspaces.id, id));
  workspaceRevision += 1;
}

export async function findUserByEmail(database: Database, email: string): Promise<UserRow | null> {
  const [row] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUser(database: Database, id: string): Promise<UserRow | null> {
  const [row] = await database.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Creates the user, the workspace and the owner membership in one transaction; false when the email is taken. */
export async function insertUserWithWorkspace(database: Database, user: typeof users.$inferInsert, workspace: typeof workspaces.$inferInsert): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const inserted = await tx.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
    if (inserted.length === 0) return false;
    await tx.insert(workspaces).values(workspace);
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: user.id, role: 'owner', createdAt: user.createdAt });
    return true;
  });
}

export async function touchUserLogin(database: Database, userId: string, at: string): Promise<void> {
  await database.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function listMemberships(database: Database, userId: string) {
  return database.db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt));
}

export async function findMembership(database: Database, workspaceId: string, userId: string): Promise<string | null> {
  const [row] = await database.db.select({ role: workspaceMembers.role }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId))).limit(1);
  return row?.role ?? null;
}

export async function listMembers(database: Database, workspaceId: string) {
  return database.db
    .select({ userId: users.id, email: users.email, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt));
}

export async function insertMember(database: Database, row: typeof workspaceMembers.$inferInsert): Promise<void> {
  await database.db.insert(workspaceMembers).values(row).onConflictDoNothing();
}

/** What a member change did: done, no such member, or refused because it would leave no owner. */
export type MemberChangeOutcome = 'changed' | 'not_found' | 'last_owner';

/**
 * Changes a member's role, or (role null) removes the member and ends their sessions in the
 * workspace, in one transaction that first locks the workspace's row: two owners demoting each
 * other at once run one after the other, so the workspace always keeps an owner.
 */
export async function changeMember(database: Database, workspaceId: string, userId: string, role: string | null): Promise<MemberChangeOutcome> {
  return database.db.transaction(async (tx) => {
    const [workspace] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    if (!workspace) return 'not_found';
    const [member] = await tx.select({ role: workspaceMembers.role }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    if (!member) return 'not_found';
    if (member.role === 'owner' && role !== 'owner') {
      const [owners] = await tx.select({ total: count() }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
      if (Number(owners?.total ?? 0) <= 1) return 'last_owner';
    }
    if (role === null) {
      await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
      await tx.delete(sessions).where(and(eq(sessions.workspaceId, workspaceId), eq(sessions.userId, userId)));
    } else {
      await tx.update(workspaceMembers).set({ role }).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    }
    return 'changed';
  });
}

// ---- invitations ----------------------------------------------------------------------------

export async function insertInvitation(database: Database, row: typeof invitations.$inferInsert): Promise<void> {
  await database.db.insert(invitations).values(row);
}

export async function listInvitations(database: Database, workspaceId: string): Promise<InvitationRow[]> {
  return database.db.select().from(invitations).where(eq(invitations.workspaceId, workspaceId)).orderBy(desc(invitations.createdAt));
}

export async function findInvitationByTokenHash(database: Database, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await database.db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks the invitation accepted and adds the member, once (a second accept finds it accepted). */
export async function acceptInvitation(database: Database, invitationId: string, userId: string, at: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [invitation] = await tx.update(invitations).set({ acceptedAt: at }).where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt))).returning();
    if (!invitation) return false;
    await tx.insert(workspaceMembers).values({ workspaceId: invitation.workspaceId, userId, role: invitation.role, createdAt: at }).onConflictDoNothing();
    return true;
  });
}

// ---- one-time tokens sent by mail and failed sign-ins (issue 29) ----------------------------

export async function insertAccountToken(database: Database, row: typeof accountTokens.$inferInsert): Promise<void> {
  await database.db.insert(accountTokens).values(row);
}

/** An unused, unexpired token, without using it. */
export async function findAccountToken(database: Database, tokenHash: string): Promise<AccountTokenRow | null> {
  const now = new Date().toISOString();
  const [row] = await database.db.select().from(accountTokens).where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt), gte(accountTokens.expiresAt, now))).limit(1);
  return row ?? null;
}

/** Marks an unused, unexpired token of `purpose` used and returns it, once (a second use finds nothing). */
export async function useAccountToken(database: Database, tokenHash: string, purpose: string, at: string): Promise<AccountTokenRow | null> {
  const [row] = await database.db
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gte(accountTokens.expiresAt, at)))
    .returning();
  return row ?? null;
}

export async function deleteExpiredAccountTokens(database: Database, before: string): Promise<void> {
  await database.db.delete(accountTokens).where(lt(accountTokens.expiresAt, before));
}

/** Sets a user's password and ends every session of theirs, in one transaction. */
export async function replaceUserPassword(database: Database, userId: string, passwordHash: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export interface SignInThrottleState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

/**
 * One sign-in attempt against the throttle of each key, in one transaction that locks the keys' rows:
 * when `refuse` refuses any key nothing changes and its answer is returned; otherwise the attempt is
 * recorded at once as a failure of every key (`next`), before the password is checked, so that
 * parallel guesses cannot all pass the check; a successful sign-in then takes it back
 * (`forgiveSignInAttempt`). Returns the keys that this attempt locked.
 */
export async function reserveSignInAttempt<Refusal>(
  database: Database,
  keys: readonly string[],
  refuse: (key: string, state: SignInThrottleState | null) => Refusal | null,
  next: (key: string, state: SignInThrottleState | null) => { state: SignInThrottleState; isNewLock: boolean },
): Promise<{ refusal: Refusal | null; newLocks: string[] }> {
  return database.db.transaction(async (tx) => {
    // Insert missing rows first so that every key has a row to lock (FOR UPDATE locks only existing rows).
    const epoch = new Date(0).toISOString();
    await tx.insert(signInThrottle).values(keys.map((key) => ({ key, failures: 0, lastFailureAt: epoch, lockedUntil: null }))).onConflictDoNothing();
    const rows = await tx.select().from(signInThrottle).where(inArray(signInThrottle.key, [...keys])).orderBy(asc(signInThrottle.key)).for('update');
    const stateOf = (key: string): SignInThrottleState | null => {
      const row = rows.find((candidate) => candidate.key === key);
      return !row || row.failures === 0 ? null : { failures: row.failures, lastFailureAt: new Date(row.lastFailureAt), lockedUntil: row.lockedUntil ? new Date(row.lockedUntil) : null };
    };
    for (const key of keys) {
      const refusal = refuse(key, stateOf(key));
      if (refusal !== null) return { refusal, newLocks: [] };
    }
    const newLocks: string[] = [];
    for (const key of keys) {
      const { state, isNewLock } = next(key, stateOf(key));
      if (isNewLock) newLocks.push(key);
      await tx.update(signInThrottle).set({ failures: state.failures, lastFailureAt: state.lastFailureAt.toISOString(), lockedUntil: state.lockedUntil?.toISOString() ?? null }).where(eq(signInThrottle.key, key));
    }
    return { refusal: null, newLocks };
  });
}

/**
 * Takes back a reserved attempt that succeeded: `clearKeys` start again from zero (the account),
 * `forgiveKeys` lose the one failure (an address shared by an office), and a lock this attempt set
 * is lifted.
 */
export async function forgiveSignInAttempt(database: Database, clearKeys: readonly string[], forgiveKeys: readonly string[], liftLocks: readonly string[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    if (clearKeys.length > 0) await tx.delete(signInThrottle).where(inArray(signInThrottle.key, [...clearKeys]));
    for (const key of forgiveKeys) {
      await tx.update(signInThrottle).set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)`, ...(liftLocks.includes(key) ? { lockedUntil: null } : {}) }).where(eq(signInThrottle.key, key));
    }
  });
}

/** Ends a key's throttle (a password reset clears the account's lock-out). */
export async function clearSignInThrottle(database: Database, key: string): Promise<void> {
  await database.db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}

export async function deleteForgottenSignInThrottles(database: Database, before: string): Promise<void> {
  await database.db.delete(signInThrottle).where(and(lt(signInThrottle.lastFailureAt, before), sql`(${signInThrottle.lockedUntil} IS NULL OR ${signInThrottle.lockedUntil} < ${before})`));
}

// ---- sessions -------------------------------------------------------------------------------

export async function insertSession(database: Database, row: typeof sessions.$inferInsert): Promise<void> {
  await database.db.insert(sessions).values(row);
}

export async function findSession(database: Database, id: string): Promise<SessionRow | null> {
  const [row] = await database.db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row ?? null;
}

export async function deleteSession(database: Database, id: string): Promise<void> {
  await database.db.delete(sessions).where(eq(sessions.id, id));
}

export async function setSessionWorkspace(database: Database, id: string, workspaceId: string): Promise<void> {
  await database.db.update(sessions).set({ workspaceId }).where(eq(sessions.id, id));
}

/** Deletes the sessions that expired before `before` (ISO time); returns how many. */
export async function deleteExpiredSessions(database: Database, before: string): Promise<number> {
  const deleted = await database.db.delete(sessions).where(lt(sessions.expiresAt, before)).returning({ id: sessions.id });
  return deleted.length;
}

// ---- API keys -------------------------------------------------------------------------------

export async function insertApiKey(database: Database, row: typeof apiKeys.$inferInsert): Promise<void> {
  await database.db.insert(apiKeys).values(row);
}

export async function listApiKeys(database: Database, workspaceId: string): Promise<ApiKeyRow[]> {
  return database.db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(desc(apiKeys.createdAt));
}

export async function findApiKeyBySecretHash(database: Database, secretHash: string): Promise<ApiKeyRow | null> {
  const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)).limit(1);
  return row ?? null;
}

/** Revokes a key of this workspace; false when the workspace has no such (live) key. */
export async function revokeApiKey(database: Database, workspaceId: string, id: string, at: string): Promise<boolean> {
  const rows = await database.db.update(apiKeys).set({ revokedAt: at }).where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function touchApiKey(database: Database, id: string, at: string): Promise<void> {
  await database.db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}

// ---- usage and audit ------------------------------------------------------------------------

export async function insertUsage(database: Database, row: typeof apiUsage.$inferInsert): Promise<void> {
  await database.db.insert(apiUsage).values(row);
}

/** Calls per kind for a workspace in [from, to). */
export async function countUsageByKind(database: Database, workspaceId: string, from: string, to: string): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ kind: apiUsage.kind, total: sql<number>`coalesce(sum(${apiUsage.quantity}), 0)` })
    .from(apiUsage)
    .where(and(eq(apiUsage.workspaceId, workspaceId), gte(apiUsage.occurredAt, from), lt(apiUsage.occurredAt, to)))
    .groupBy(apiUsage.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.total)]));
}

/**
 * Reserves one quota-counted call, atomically: in one transaction it locks the workspace's row,
 * counts the calls of `kinds` in [from, to) and inserts the call's usage row only when `isAllowed`
 * says the count leaves room. Concurrent reservations of a workspace therefore run one after the
 * other (on PostgreSQL the row lock makes the next transaction wait, and its count, a new statement,
 * sees the rows committed before it; PGlite runs one transaction at a time), so parallel calls at
 * the limit can never all pass the check. Returns the new row's id (null when refused) and the count.
 */
export async function reserveUsage(
  database: Database,
  row: typeof apiUsage.$inferInsert,
  window: { kinds: readonly string[]; from: string; to: string },
  isAllowed: (used: number) => boolean,
): Promise<{ id: number | null; used: number }> {
  return database.db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, row.workspaceId)).for('update');
    const [counted] = await tx
      .select({ total: sql<number>`coalesce(sum(${apiUsage.quantity}), 0)` })
      .from(apiUsage)
      .where(and(eq(apiUsage.workspaceId, row.workspaceId), inArray(apiUsage.kind, [...window.kinds]), gte(apiUsage.occurredAt, window.from), lt(apiUsage.occurredAt, window.to)));
    const used = Number(counted?.total ?? 0);
    if (!isAllowed(used)) return { id: null, used };
    const [inserted] = await tx.insert(apiUsage).values(row).returning({ id: apiUsage.id });
    return { id: inserted?.id ?? null, used };
  });
}

/**
 * Takes one analysis of a signed-out visitor's daily allowance, atomically (one statement): the
 * count rises only while it is below `limit`. Returns the count after taking, or null when the
 * allowance is used up.
 */
export async function takePublicAllowance(database: Database, clientKey: string, day: string, limit: number): Promise<number | null> {
  const rows = await database.query<{ used: number }>(
    `INSERT INTO public_allowance (client_key, day, used) SELECT $1, $2, 1 WHERE $3::int > 0
     ON CONFLICT (client_key, day) DO UPDATE SET used = public_allowance.used + 1 WHERE public_allowance.used < $3::int
     RETURNING used`,
    [clientKey, day, limit],
  );
  return rows[0] ? Number(rows[0].used) : null;
}

/** Gives back an analysis that failed (a failed call is not counted). */
export async function returnPublicAllowance(database: Database, clientKey: string, day: string): Promise<void> {
  await database.db.update(publicAllowance).set({ used: sql`greatest(${publicAllowance.used} - 1, 0)` }).where(and(eq(publicAllowance.clientKey, clientKey), eq(publicAllowance.day, day)));
}

/** Forgets the allowances of days before `day` (the scheduler's daily purge). Returns how many rows went. */
export async function purgePublicAllowance(database: Database, day: string): Promise<number> {
  const removed = await database.db.delete(publicAllowance).where(lt(publicAllowance.day, day)).returning({ day: publicAllowance.day });
  return removed.length;
}

/** The usage route of a portfolio's loans (bulk valuations): one reservation a book, settled when it has run. */
const BULK_USAGE_ROUTE_PREFIX = 'portfolio ';

export function bulkUsageRoute(portfolioId: string): string {
  return `${BULK_USAGE_ROUTE_PREFIX}${portfolioId}`;
}

/**
 * Settles the bulk-valuation reservations (bulkUsageRoute) of books that have finished: each counts
 * the loans that were valued, not those refused or left when cancelled. Returns how many
 * reservations were settled (the scheduler, each minute).
 */
export async function settleFinishedBulkUsage(database: Database): Promise<number> {
  const rows = await database.query<{ id: number }>(
    `UPDATE api_usage AS usage SET quantity = finished.valued, status_code = 200
     FROM (
       SELECT portfolios.id, count(portfolio_loans.estimate_aud)::int AS valued
       FROM portfolios LEFT JOIN portfolio_loans ON portfolio_loans.portfolio_id = portfolios.id
       WHERE portfolios.state = ANY($1::text[]) AND portfolios.id IN (SELECT substr(route, $2::int + 1) FROM api_usage WHERE status_code = 0 AND starts_with(route, $3))
       GROUP BY portfolios.id
     ) AS finished
     WHERE usage.status_code = 0 AND usage.route = $3 || finished.id
     RETURNING usage.id`,
    [[...FINISHED_PORTFOLIO_STATES], BULK_USAGE_ROUTE_PREFIX.length, BULK_USAGE_ROUTE_PREFIX],
  );
  return rows.length;
}

/** The answer of a reserved call: its status is recorded, or (a failed call is not counted) the reservation is released. */
export async function settleUsage(database: Database, id: number, statusCode: number): Promise<void> {
  if (statusCode >= 400) await database.db.delete(apiUsage).where(eq(apiUsage.id, id));
  else await database.db.update(apiUsage).set({ statusCode }).where(eq(apiUsage.id, id));
}

/**
 * Written for every audited call (a valuation among them): plain SQL, as insertValuationAudit, but
 * not grouped: plugins/auth.ts writes it when the answer has gone, and a client's next call must
 * find it (on PGlite its queries queue behind this insert; a grouped insert would wait for the turn's end).
 */
export async function insertAccountAudit(database: Database, row: typeof accountAudit.$inferInsert): Promise<void> {
  await database.query('INSERT INTO account_audit (at, workspace_id, actor, action, subject) VALUES ($1, $2, $3, $4, $5)', [row.at, row.workspaceId ?? null, row.actor, row.action, row.subject ?? null]);
}

export async function listAccountAudit(database: Database, workspaceId: string, limit: number) {
  return database.db.select().from(accountAudit).where(eq(accountAudit.workspaceId, workspaceId)).orderBy(desc(accountAudit.at), desc(accountAudit.id)).limit(limit);
}

// ---- plans, subscriptions, checkouts, invoices, events ---------------------------------------

export async function listPlans(database: Database): Promise<PlanRow[]> {
  return database.db.select().from(plans).orderBy(asc(plans.sortOrder));
}

export async function listApiPrices(database: Database): Promise<ApiPriceRow[]> {
  return database.db.select().from(apiPrices).orderBy(asc(apiPrices.sortOrder));
}

export async function findSubscription(database: Database, workspaceId: string): Promise<SubscriptionRow | null> {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).limit(1);
  return row ?? null;
}

export async function findSubscriptionByProviderId(database: Database, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).limit(1);
  return row ?? null;
}

export async function updateSubscription(database: Database, workspaceId: string, changes: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
  await database.db.update(subscriptions).set(changes).where(eq(subscriptions.workspaceId, workspaceId));
}

/**
 * The activation step of a checkout, in one transaction: the subscription (replacing an ended
 * one), the workspace's plan and trial flag, the invoice and the checkout record.
 */
export async function activateSubscription(
  database: Database,
  input: { subscription: typeof subscriptions.$inferInsert; invoice: typeof invoices.$inferInsert | null; checkout: typeof checkouts.$inferInsert; hasHadTrial: boolean },
): Promise<void> {
  workspaceRevision += 1;
  await database.db.transaction(async (tx) => {
    await tx.insert(subscriptions).values(input.subscription).onConflictDoUpdate({ target: subscriptions.workspaceId, set: input.subscription });
    await tx.update(workspaces).set({ planId: input.subscription.planId, hasHadTrial: input.hasHadTrial }).where(eq(workspaces.id, input.subscription.workspaceId));
    if (input.invoice) await tx.insert(invoices).values(input.invoice);
    await tx.insert(checkouts).values(input.checkout);
  }).finally(() => {
    workspaceRevision += 1;
  });
}

export async function insertCheckout(database: Database, row: typeof checkouts.$inferInsert): Promise<void> {
  await database.db.insert(checkouts).values(row);
}

export async function insertInvoice(database: Database, row: typeof invoices.$inferInsert): Promise<boolean> {
  const rows = await database.db.insert(invoices).values(row).onConflictDoNothing().returning({ id: invoices.id });
  return rows.length > 0;
}

export async function listInvoices(database: Database, workspaceId: string): Promise<InvoiceRow[]> {
  return database.db.select().from(invoices).where(eq(invoices.workspaceId, workspaceId)).orderBy(desc(invoices.createdAt), desc(invoices.number));
}

export async function findInvoice(database: Database, workspaceId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await database.db.select().from(invoices).where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.id, id))).limit(1);
  return row ?? null;
}

/**
 * Records a provider event; false when it was recorded before (already handled). Called first in
 * the event's own transaction (withTransaction): a concurrent second delivery of the same event
 * waits on the primary key until the first commits, then finds it recorded (on PGlite the
 * transactions run one after the other).
 */
export async function recordBillingEvent(database: Database, row: typeof billingEvents.$inferInsert): Promise<boolean> {
  const rows = await database.db.insert(billingEvents).values(row).onConflictDoNothing().returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function setBillingEventOutcome(database: Database, id: string, outcome: string): Promise<void> {
  await database.db.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, id));
}

/** The row's last applied event is not newer than `eventAt` (events of the same second both apply, in arrival order). */
const isNotNewerThan = (eventAt: string) => sql`(${subscriptions.lastEventAt} IS NULL OR ${subscriptions.lastEventAt} <= ${eventAt})`;

/**
 * A provider event's change to a workspace's subscription, applied only when the event is not
 * older than the last one applied to it (subscriptions.last_event_at, set to `eventAt`); false:
 * the event is older news and nothing changed.
 */
export async function updateSubscriptionFromEvent(database: Database, workspaceId: string, changes: Partial<typeof subscriptions.$inferInsert>, eventAt: string): Promise<boolean> {
  const rows = await database.db
    .update(subscriptions)
    .set({ ...changes, lastEventAt: eventAt })
    .where(and(eq(subscriptions.workspaceId, workspaceId), isNotNewerThan(eventAt)))
    .returning({ workspaceId: subscriptions.workspaceId });
  return rows.length > 0;
}

export async function countCheckouts(database: Database, workspaceId: string): Promise<number> {
  const [row] = await database.db.select({ total: sql<number>`count(*)` }).from(checkouts).where(eq(checkouts.workspaceId, workspaceId));
  return Number(row?.total ?? 0);
}

/**
 * Creates or replaces a workspace's subscription and sets the workspace's plan (provider webhooks),
 * unless the row already holds a newer event's state (its last_event_at is after row.lastEventAt):
 * then nothing changes and the answer is false.
 */
export async function upsertSubscription(database: Database, row: typeof subscriptions.$inferInsert & { lastEventAt: string }, workspacePlanId: string): Promise<boolean> {
  workspaceRevision += 1;
  return database.db.transaction(async (tx) => {
    const applied = await tx
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.workspaceId, set: row, setWhere: isNotNewerThan(row.lastEventAt) })
      .returning({ workspaceId: subscriptions.workspaceId });
    if (applied.length === 0) return false;
    await tx.update(workspaces).set({ planId: workspacePlanId, ...(row.trialEnd ? { hasHadTrial: true } : {}) }).where(eq(workspaces.id, row.workspaceId));
    return true;
  }).finally(() => {
    workspaceRevision += 1;
  });
}

export async function findSubscriptionByCustomer(database: Database, providerCustomerId: string): Promise<SubscriptionRow | null> {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, providerCustomerId)).limit(1);
  return row ?? null;
}

// ---- the offline test processor's records ---------------------------------------------------

export async function insertTestProcessorCustomer(database: Database, row: TestProcessorCustomerRow): Promise<void> {
  await database.db.insert(testProcessorCustomers).values(row);
}

/** Deletes the customer and (cascade) its subscriptions. */
export async function deleteTestProcessorCustomer(database: Database, id: string): Promise<void> {
  await database.db.delete(testProcessorCustomers).where(eq(testProcessorCustomers.id, id));
}

export async function findTestProcessorCustomer(database: Database, id: string): Promise<TestProcessorCustomerRow | null> {
  const [row] = await database.db.select().from(testProcessorCustomers).where(eq(testProcessorCustomers.id, id)).limit(1);
  return row ?? null;
}

export async function setTestProcessorPaymentMethod(database: Database, id: string, paymentMethod: string): Promise<void> {
  await database.db.update(testProcessorCustomers).set({ paymentMethod }).where(eq(testProcessorCustomers.id, id));
}

export async function insertTestProcessorSubscription(database: Database, row: TestProcessorSubscriptionRow): Promise<void> {
  await database.db.insert(testProcessorSubscriptions).values(row);
}

export async function findTestProcessorSubscription(database: Database, id: string): Promise<TestProcessorSubscriptionRow | null> {
  const [row] = await database.db.select().from(testProcessorSubscriptions).where(eq(testProcessorSubscriptions.id, id)).limit(1);
  return row ?? null;
}

/** Updates a subscription; false when the processor has no such subscription. */
export async function updateTestProcessorSubscription(database: Database, id: string, changes: Partial<Pick<TestProcessorSubscriptionRow, 'status' | 'cancelAtPeriodEnd'>>): Promise<boolean> {
  const rows = await database.db.update(testProcessorSubscriptions).set(changes).where(eq(testProcessorSubscriptions.id, id)).returning({ id: testProcessorSubscriptions.id });
  return rows.length > 0;
}
