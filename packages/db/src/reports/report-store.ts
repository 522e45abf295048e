import { and, avg, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../open-database.ts';
import { datasetLoads, reports } from '../schema.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;

/**
 * Which reports a caller sees (issue 14): its workspace's, plus, for the local workspace, those
 * made before workspaces existed (workspace_id null). Undefined: every report (internal callers).
 */
export interface ReportScope {
  workspaceId: string;
  includeUnowned: boolean;
}

function scopeCondition(scope: ReportScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  return scope.includeUnowned ? or(eq(reports.workspaceId, scope.workspaceId), isNull(reports.workspaceId)) : eq(reports.workspaceId, scope.workspaceId);
}

/** Stores a generated report. Reports are never updated: a second insert of the same id fails. */
export async function insertReport(database: Database, row: NewReportRow): Promise<void> {
  await database.db.insert(reports).values(row);
}

export async function findReport(database: Database, reportId: string, scope?: ReportScope): Promise<ReportRow | null> {
  const [row] = await database.db.select().from(reports).where(and(eq(reports.reportId, reportId), scopeCondition(scope))).limit(1);
  return row ?? null;
}

/**
 * What verifying a certificate needs of a report: its content and hashes, without the PDF. Plain
 * SQL: verification runs this on every call, and the query builder's own work costs more than the
 * query here (bench:chain).
 */
export async function findReportHashes(database: Database, reportId: string): Promise<{ content: unknown; contentHash: string; pdfSha256: string } | null> {
  const [row] = await database.query<{ content: unknown; content_hash: string; pdf_sha256: string }>(
    'SELECT content, content_hash, pdf_sha256 FROM reports WHERE report_id = $1 LIMIT 1',
    [reportId],
  );
  return row ? { content: row.content, contentHash: row.content_hash, pdfSha256: row.pdf_sha256 } : null;
}

/** The library: newest first, without the content and the PDF. */
export async function listReports(database: Database, limit: number, offset: number, scope?: ReportScope) {
  const [rows, [totals]] = await Promise.all([
    database.db
      .select({
        reportId: reports.reportId,
        template: reports.template,
        title: reports.title,
        listingId: reports.listingId,
        address: reports.address,
        valuationAud: reports.valuationAud,
        generatedAt: reports.generatedAt,
        generationMs: reports.generationMs,
        modelId: reports.modelId,
        contentHash: reports.contentHash,
        pdfSha256: reports.pdfSha256,
        pdfBytes: reports.pdfBytes,
        pdfPages: reports.pdfPages,
      })
      .from(reports)
      .where(scopeCondition(scope))
      .orderBy(desc(reports.generatedAt), desc(reports.reportId))
      .limit(limit)
      .offset(offset),
    database.db.select({ total: count() }).from(reports).where(scopeCondition(scope)),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** Figures for the Reports tab's analytics, counted from the stored reports. */
export async function summariseReports(database: Database, scope?: ReportScope) {
  const [totals] = await database.db.select({ total: count(), averageMs: avg(reports.generationMs), averagePages: avg(reports.pdfPages) }).from(reports).where(scopeCondition(scope));
  const byTemplate = await database.db.select({ template: reports.template, total: count() }).from(reports).where(scopeCondition(scope)).groupBy(reports.template);
  return {
    total: Number(totals?.total ?? 0),
    averageGenerationMs: totals?.averageMs === null || totals?.averageMs === undefined ? null : Number(totals.averageMs),
    averagePdfPages: totals?.averagePages === null || totals?.averagePages === undefined ? null : Number(totals.averagePages),
    byTemplate: Object.fromEntries(byTemplate.map((row) => [row.template, Number(row.total)])),
  };
}

/** Data set -> checksum of the loaded file: the data versions a report records. */
export async function getDataVersions(database: Database): Promise<Record<string, string>> {
  const rows = await database.db.select({ dataset: datasetLoads.dataset, checksum: datasetLoads.checksum }).from(datasetLoads).orderBy(sql`${datasetLoads.dataset}`);
  return Object.fromEntries(rows.map((row) => [row.dataset, row.checksum]));
}
