import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../open-database.ts';
import { certificates } from '../schema.ts';
import type { ReportScope } from '../reports/report-store.ts';

export type CertificateOwnerRow = typeof certificates.$inferSelect;

/**
 * Records which workspace minted a token. A mint is the authority: a row left for the same token id
 * of the same contract by a chain that was since reset (a new chain deploys to the same address
 * from the same key) is replaced.
 */
export async function insertCertificateOwner(database: Database, row: CertificateOwnerRow): Promise<void> {
  const { contractAddress: _contract, tokenId: _token, ...owner } = row;
  await database.db.insert(certificates).values(row).onConflictDoUpdate({ target: [certificates.contractAddress, certificates.tokenId], set: owner });
}

/** Who minted these tokens of a contract and from which report, as recorded at each mint (tokens without a row are absent). */
export async function findCertificateOwners(database: Database, contractAddress: string, tokenIds: number[]): Promise<Map<number, { workspaceId: string; reportId: string }>> {
  if (tokenIds.length === 0) return new Map();
  const owned = await database.db
    .select({ tokenId: certificates.tokenId, workspaceId: certificates.workspaceId, reportId: certificates.reportId })
    .from(certificates)
    .where(and(eq(certificates.contractAddress, contractAddress), inArray(certificates.tokenId, tokenIds)));
  return new Map(owned.map((row) => [Number(row.tokenId), { workspaceId: row.workspaceId, reportId: row.reportId }]));
}

/** Is a token of this owner (undefined: minted before certificates had one) the scope's workspace's? */
export function isCertificateVisible(owner: { workspaceId: string } | undefined, scope: ReportScope): boolean {
  return owner === undefined ? scope.includeUnowned : owner.workspaceId === scope.workspaceId;
}

/**
 * Which of these tokens of a contract a workspace may list: its own, and for the local workspace
 * also those without an owner (minted before certificates had one). Returns the visible ids.
 */
export async function visibleCertificateTokens(database: Database, contractAddress: string, tokenIds: number[], scope: ReportScope): Promise<Set<number>> {
  const owners = await findCertificateOwners(database, contractAddress, tokenIds);
  return new Set(tokenIds.filter((id) => isCertificateVisible(owners.get(id), scope)));
}
