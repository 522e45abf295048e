import { findApiKeyBySecretHash, findWorkspace, insertApiKey, listApiKeys, listPlans, revokeApiKey, touchApiKey, type ApiKeyRow, type Database } from '@propguard/db';
import { API_KEY_PREFIX, AppError, planIdSchema, type ApiKey } from '@propguard/schemas';
import { recordAudit } from './account-service.ts';
import { requireRole, type Principal } from './principal.ts';
import { newId, randomToken, sha256Hex } from './secrets.ts';

/** Characters of the secret kept in clear to recognise a key in lists: "pg_" plus 6. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

function presentKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, created_at: row.createdAt, last_used_at: row.lastUsedAt, revoked_at: row.revokedAt };
}

/** Only plans with API access may create keys. */
async function requireApiAccess(database: Database, planId: string): Promise<void> {
  const plan = (await listPlans(database)).find((row) => row.id === planId);
  if (!plan?.apiAccess) throw new AppError('FORBIDDEN', `Your plan (${plan?.name ?? planId}) has no API access. Upgrade to Professional (14-day free trial) on the Pricing tab.`);
}

/** Creates a key: 32 random bytes after "pg_"; only its SHA-256 is stored; the secret is returned this once. */
export async function createApiKey(database: Database, principal: Principal, name: string): Promise<{ key: ApiKey; secret: string }> {
  requireRole(principal, 'owner');
  await requireApiAccess(database, principal.planId);
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row: ApiKeyRow = { id: newId('key'), workspaceId: principal.workspaceId, name, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), secretHash: sha256Hex(secret), createdBy: principal.userId, createdAt: new Date().toISOString(), lastUsedAt: null, revokedAt: null };
  await insertApiKey(database, row);
  await recordAudit(database, principal, 'api_key.create', `${name} (${row.prefix})`);
  return { key: presentKey(row), secret };
}

export async function listWorkspaceApiKeys(database: Database, principal: Principal): Promise<ApiKey[]> {
  return (await listApiKeys(database, principal.workspaceId)).map(presentKey);
}

export async function revokeWorkspaceApiKey(database: Database, principal: Principal, id: string): Promise<void> {
  requireRole(principal, 'owner');
  // Another workspace's key, or no key: the same 404.
  if (!(await revokeApiKey(database, principal.workspaceId, id, new Date().toISOString()))) throw new AppError('NOT_FOUND', `No API key ${id} in this workspace.`);
  await recordAudit(database, principal, 'api_key.revoke', id);
}

/** The principal of a Bearer pg_... secret, or null when it is unknown or revoked. Acts with the analyst role. */
export async function principalForApiKey(database: Database, secret: string): Promise<Principal | null> {
  const key = await findApiKeyBySecretHash(database, sha256Hex(secret));
  if (!key || key.revokedAt) return null;
  const workspace = await findWorkspace(database, key.workspaceId);
  if (!workspace) return null;
  // last_used_at needs no precision below a minute: skip the write when it is recent.
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - Date.parse(key.lastUsedAt) > 60_000) await touchApiKey(database, key.id, now.toISOString());
  return {
    kind: 'api_key',
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    isLocalWorkspace: workspace.isLocal,
    planId: planIdSchema.parse(workspace.planId),
    role: 'analyst',
    userId: null,
    email: null,
    sessionId: null,
    apiKeyId: key.id,
    apiKeyPrefix: key.prefix,
  };
}
