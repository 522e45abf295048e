import { and, count, desc, eq, gte, inArray, isNull, lt, not, sql, or, type SQL } from 'drizzle-orm';
import type { Database } from '../open-database.ts';
import { complianceIncidents, healthChecks, lendingAssessments, serviceTolerances, valuationAudit } from '../schema.ts';
import { groupInsert, valuesList } from '../group-insert.ts';

export type NewLendingAssessmentRow = typeof lendingAssessments.$inferInsert;
export type HealthCheckRow = typeof healthChecks.$inferSelect;
export type NewHealthCheckRow = typeof healthChecks.$inferInsert;
export type ServiceToleranceRow = typeof serviceTolerances.$inferSelect;
export type ComplianceIncidentRow = typeof complianceIncidents.$inferSelect;
export type NewValuationAuditRow = typeof valuationAudit.$inferInsert;
export type ValuationAuditRow = typeof valuationAudit.$inferSelect;

/** Logs one assessed loan (for the portfolio distribution); returns its id. */
export async function insertLendingAssessment(database: Database, row: NewLendingAssessmentRow): Promise<number> {
  const [inserted] = await database.db.insert(lendingAssessments).values(row).returning({ id: lendingAssessments.id });
  return inserted?.id ?? 0;
}

/** Loans assessed so far by LVR bucket (at or below 60%, 60-80%, above 80%; SPEC.md section 9). */
/** A workspace's rows, plus (for the local workspace) the rows made anonymously or before workspaces (issue 14). */
export interface WorkspaceScope {
  workspaceId: string;
  includeUnowned: boolean;
}

function inScope(column: typeof lendingAssessments.workspaceId | typeof valuationAudit.workspaceId, scope: WorkspaceScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  return scope.includeUnowned ? or(eq(column, scope.workspaceId), isNull(column)) : eq(column, scope.workspaceId);
}

export async function getPortfolioDistribution(database: Database, scope?: WorkspaceScope): Promise<{ low: number; medium: number; high: number; total: number; averageLvr: number | null }> {
  const [row] = await database.db
    .select({
      low: sql<number>`count(*) filter (where ${lendingAssessments.lvr} <= 0.6)`.mapWith(Number),
      medium: sql<number>`count(*) filter (where ${lendingAssessments.lvr} > 0.6 and ${lendingAssessments.lvr} <= 0.8)`.mapWith(Number),
      high: sql<number>`count(*) filter (where ${lendingAssessments.lvr} > 0.8)`.mapWith(Number),
      total: count(),
      averageLvr: sql<number | null>`avg(${lendingAssessments.lvr})`,
    })
    .from(lendingAssessments)
    .where(inScope(lendingAssessments.workspaceId, scope));
  return { low: row?.low ?? 0, medium: row?.medium ?? 0, high: row?.high ?? 0, total: Number(row?.total ?? 0), averageLvr: row?.averageLvr === null || row?.averageLvr === undefined ? null : Number(row.averageLvr) };
}

export async function insertHealthChecks(database: Database, rows: NewHealthCheckRow[]): Promise<void> {
  if (rows.length > 0) await database.db.insert(healthChecks).values(rows);
}

/** Deletes the health samples taken before `before` (ISO time; the retention of the scheduler); returns how many. */
export async function deleteHealthChecksBefore(database: Database, before: string): Promise<number> {
  const deleted = await database.db.delete(healthChecks).where(lt(healthChecks.checkedAt, before)).returning({ id: healthChecks.id });
  return deleted.length;
}

/** Per dependency since a time: samples, samples ok, p95 latency and the newest sample. */
export async function summariseHealthHistory(database: Database, sinceIso: string) {
  const rows = await database.db
    .select({
      dependency: healthChecks.dependency,
      samples: count(),
      okSamples: sql<number>`count(*) filter (where ${healthChecks.status} = 'ok')`.mapWith(Number),
      countedSamples: sql<number>`count(*) filter (where ${healthChecks.status} in ('ok', 'degraded', 'down'))`.mapWith(Number),
      p95LatencyMs: sql<number | null>`percentile_cont(0.95) within group (order by ${healthChecks.latencyMs})`,
      firstAt: sql<string>`min(${healthChecks.checkedAt})`,
      lastAt: sql<string>`max(${healthChecks.checkedAt})`,
    })
    .from(healthChecks)
    .where(gte(healthChecks.checkedAt, sinceIso))
    .groupBy(healthChecks.dependency);
  return rows.map((row) => ({ ...row, samples: Number(row.samples), p95LatencyMs: row.p95LatencyMs === null ? null : Number(row.p95LatencyMs) }));
}

/** The newest sample of each dependency. */
export async function latestHealthChecks(database: Database): Promise<HealthCheckRow[]> {
  return database.db
    .selectDistinctOn([healthChecks.dependency])
    .from(healthChecks)
    .orderBy(healthChecks.dependency, desc(healthChecks.checkedAt), desc(healthChecks.id));
}

/** One workspace's tolerances, or (no workspace) every workspace's, for the sampler. */
export async function listTolerances(database: Database, workspaceId?: string): Promise<ServiceToleranceRow[]> {
  return database.db.select().from(serviceTolerances).where(workspaceId === undefined ? undefined : eq(serviceTolerances.workspaceId, workspaceId)).orderBy(serviceTolerances.workspaceId, serviceTolerances.dependency);
}

export async function upsertTolerance(database: Database, row: ServiceToleranceRow): Promise<void> {
  await database.db
    .insert(serviceTolerances)
    .values(row)
    .onConflictDoUpdate({
      target: [serviceTolerances.workspaceId, serviceTolerances.dependency],
      set: { maxDisruptionMinutes: row.maxDisruptionMinutes, minAvailabilityPct: row.minAvailabilityPct, maxLatencyMs: row.maxLatencyMs, updatedAt: row.updatedAt },
    });
}

/** `workspaceId` null: the incidents against PropGuard's default tolerance. */
function incidentOwner(workspaceId: string | null): SQL {
  return workspaceId === null ? isNull(complianceIncidents.workspaceId) : eq(complianceIncidents.workspaceId, workspaceId);
}

export async function findOpenIncident(database: Database, dependency: string, workspaceId: string | null): Promise<ComplianceIncidentRow | null> {
  const [row] = await database.db
    .select()
    .from(complianceIncidents)
    .where(and(eq(complianceIncidents.dependency, dependency), incidentOwner(workspaceId), isNull(complianceIncidents.resolvedAt)))
    .orderBy(desc(complianceIncidents.openedAt))
    .limit(1);
  return row ?? null;
}

export async function openIncident(database: Database, row: typeof complianceIncidents.$inferInsert): Promise<void> {
  await database.db.insert(complianceIncidents).values(row);
}

export async function touchIncident(database: Database, id: number, lastBreachAt: string, breach: string): Promise<void> {
  await database.db.update(complianceIncidents).set({ lastBreachAt, breach }).where(eq(complianceIncidents.id, id));
}

export async function resolveIncident(database: Database, id: number, resolvedAt: string): Promise<void> {
  await database.db.update(complianceIncidents).set({ resolvedAt }).where(eq(complianceIncidents.id, id));
}

/**
 * A workspace's incident log: the incidents against its own tolerances (the dependencies it set),
 * and against PropGuard's default tolerance for the other dependencies.
 */
/** The newest incidents `view` sees; `openOnly`: those not resolved (at most one a dependency). */
export async function listIncidents(database: Database, limit: number, view: { workspaceId: string; ownDependencies: string[] }, options: { openOnly?: boolean } = {}): Promise<ComplianceIncidentRow[]> {
  const own = view.ownDependencies;
  const visible = own.length === 0
    ? isNull(complianceIncidents.workspaceId)
    : or(
      and(eq(complianceIncidents.workspaceId, view.workspaceId), inArray(complianceIncidents.dependency, own)),
      and(isNull(complianceIncidents.workspaceId), not(inArray(complianceIncidents.dependency, own))),
    );
  const where = options.openOnly ? and(visible, isNull(complianceIncidents.resolvedAt)) : visible;
  return database.db.select().from(complianceIncidents).where(where).orderBy(desc(complianceIncidents.openedAt), desc(complianceIncidents.id)).limit(limit);
}

const VALUATION_AUDIT_CASTS = ['', '', '', '', '::jsonb', '::jsonb', '::jsonb', ''] as const;

/**
 * One row per valuation answered, so on the hot path of POST /api/valuations: plain SQL through
 * database.query (the query builder cost a valuation about a sixth of its CPU on PGlite), the rows
 * of one turn of the event loop in one statement (groupInsert).
 */
export const insertValuationAudit: (database: Database, row: NewValuationAuditRow) => Promise<void> = groupInsert<NewValuationAuditRow>((database, rows) =>
  database.query(
    `INSERT INTO valuation_audit (recorded_at, kind, subject, model_version, inputs, data_sources, result, workspace_id) VALUES ${valuesList(rows.length, VALUATION_AUDIT_CASTS)}`,
    rows.flatMap((row) => [row.recordedAt, row.kind, row.subject, row.modelVersion, JSON.stringify(row.inputs), JSON.stringify(row.dataSources), JSON.stringify(row.result), row.workspaceId ?? null]),
  ),
);

/** Deletes the audit rows recorded before `before` (ISO time); returns how many went. */
export async function deleteValuationAuditBefore(database: Database, before: string): Promise<number> {
  const deleted = await database.db.delete(valuationAudit).where(lt(valuationAudit.recordedAt, before)).returning({ id: valuationAudit.id });
  return deleted.length;
}

export async function listValuationAudit(database: Database, limit: number, scope?: WorkspaceScope): Promise<{ rows: ValuationAuditRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    database.db.select().from(valuationAudit).where(inScope(valuationAudit.workspaceId, scope)).orderBy(desc(valuationAudit.recordedAt), desc(valuationAudit.id)).limit(limit),
    database.db.select({ total: count() }).from(valuationAudit).where(inScope(valuationAudit.workspaceId, scope)),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}
