import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { findReport, getDataVersions, insertReport, listReports, summariseReports, type ReportRow, type ReportScope } from '@propguard/db';
import { buildClimateDashboard, loanText, buildReportContent, canonicalJson, findMapFeaturesNear, renderReportText, reportFileName, type ReportCertificateSummary } from '@propguard/engines';
import {
  AppError,
  formatAud,
  marketPropertyTypeSchema,
  reportContentSchema,
  type GenerateReportRequest,
  type ReportAnalytics,
  type ReportSummary,
  type StoredReport,
  type SubjectRequest,
  type ValuationResult,
  type VerifyResponse,
} from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { certificateSummaryOfReport } from '../chain/report-certificate-summary.ts';
import type { MarketOutcome } from '../market/market-cache.ts';
import { analyseLocation } from '../market/market-service.ts';
import { requireHazardRuntime } from '../hazards/require-hazards.ts';
import { analyseSubject } from '../valuation/subject-analysis.ts';
import { subjectOfText } from '../valuation/valuation-service.ts';
import { renderReportPdf } from './render-report-pdf.ts';

const MAP_RADIUS_KM = 2;

function sha256(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a report request names: a listing, an address, or the subject of the analysis on screen. */
export function subjectOfReportRequest(request: Pick<GenerateReportRequest, 'address' | 'listing_id' | 'subject'>): SubjectRequest {
  if (request.subject) return request.subject;
  if (request.listing_id) return { listingId: request.listing_id };
  return subjectOfText(request.address ?? '');
}

/** A report must show what the screen showed: a different estimate, date or model is refused, not issued. */
function checkExpected(expected: GenerateReportRequest['expected'], valuation: ValuationResult): void {
  if (!expected) return;
  const differences = [
    expected.estimate !== valuation.estimate ? `estimate ${formatAud(valuation.estimate)} (the screen shows ${formatAud(expected.estimate)})` : null,
    expected.as_at !== valuation.asAt ? `as-at date ${valuation.asAt} (the screen shows ${expected.as_at})` : null,
    expected.model_id !== valuation.model.id ? `model ${valuation.model.id} (the screen shows ${expected.model_id})` : null,
  ].filter(Boolean);
  if (differences.length > 0) {
    throw new AppError('CONFLICT', `The analysis has changed since it was shown: ${differences.join('; ')}. Analyse the property again, then generate the report.`);
  }
}

function toStoredReport(row: ReportRow): StoredReport {
  return {
    report_id: row.reportId,
    generated_at: new Date(row.generatedAt).toISOString(),
    generation_ms: row.generationMs,
    template: row.template as StoredReport['template'],
    title: row.title,
    status: 'Complete',
    content_hash: row.contentHash,
    pdf_sha256: row.pdfSha256,
    pdf_bytes: row.pdfBytes,
    pdf_pages: row.pdfPages,
    content: reportContentSchema.parse(row.content),
  };
}

/** The suburb market of the valued property, for its type (houses where the type is unknown). */
export async function marketFor(context: AppContext, valuation: ValuationResult): Promise<MarketOutcome> {
  const { property } = valuation;
  if (!property.suburb) return { analysis: null, reason: 'the property has no suburb' };
  const location = [property.suburb, property.state, property.postcode].filter(Boolean).join(' ');
  const propertyType = marketPropertyTypeSchema.safeParse(property.attributes.propertyType).data ?? 'house';
  return analyseLocation(context, { location, propertyType, depth: 'basic' });
}

/**
 * POST /api/realty/valuation-report: a fresh analysis of the property (valuation, hazards now and
 * in 2050, mitigation), stored once with its content hash and its PDF.
 */
export async function generateReport(context: AppContext, request: GenerateReportRequest, scope?: ReportScope): Promise<StoredReport> {
  const started = performance.now();
  const hazardRuntime = requireHazardRuntime(context);
  const subject = subjectOfReportRequest(request);
  const { valuation, hazards, hazards2050, lending: assessment } = await analyseSubject(context, subject, request.loan_amount);
  checkExpected(request.expected, valuation);
  if (!hazards || !hazards2050) throw new AppError('SERVICE_UNAVAILABLE', 'Hazard layers are not loaded');
  const location = { lat: valuation.property.lat, lng: valuation.property.lng };
  const outlook = context.climateOutlook;
  const climate = buildClimateDashboard(location, hazardRuntime.context, outlook.scenario, valuation.estimate);
  const market = await marketFor(context, valuation);
  const lending = { assessment, assumptions: loanText(request.loan_amount) };
  const listingId = request.listing_id ?? subject.listingId ?? null;
  const reportId = `rpt_${randomUUID()}`;
  const content = buildReportContent({
    template: request.template,
    listingId,
    valuation,
    hazards,
    hazards2050,
    recommendations: climate.recommendations,
    market,
    lending,
    certificateId: `PG-${randomBytes(5).toString('hex').toUpperCase()}`,
    dataVersions: await getDataVersions(context.database),
    includeBlockchain: request.include_blockchain,
  });
  const contentHash = sha256(canonicalJson(content));
  const generatedAt = new Date().toISOString();
  const map = findMapFeaturesNear(hazardRuntime.context, location, MAP_RADIUS_KM);
  const pdf = await renderReportPdf({ reportId, generatedAt, contentHash, content, map });
  const generationMs = Math.round(performance.now() - started);
  await insertReport(context.database, {
    reportId,
    template: request.template,
    title: content.title,
    listingId,
    address: content.property_details.address,
    valuationAud: content.comprehensive_analysis.ai_valuation,
    generatedAt,
    generationMs,
    modelId: valuation.model.id,
    content,
    contentHash,
    pdfBase64: pdf.bytes.toString('base64'),
    pdfSha256: sha256(pdf.bytes),
    pdfBytes: pdf.bytes.length,
    pdfPages: pdf.pages,
    workspaceId: scope?.workspaceId ?? null,
  });
  const stored = await findReport(context.database, reportId);
  if (!stored) throw new Error(`Report ${reportId} was not stored`);
  return toStoredReport(stored);
}

async function requireReport(context: AppContext, reportId: string, scope?: ReportScope): Promise<ReportRow> {
  // Another workspace's report answers the same 404 as a missing one.
  const row = await findReport(context.database, reportId, scope);
  if (!row) throw new AppError('NOT_FOUND', `No report with id ${reportId}`);
  return row;
}

export async function getStoredReport(context: AppContext, reportId: string, scope?: ReportScope): Promise<StoredReport> {
  return toStoredReport(await requireReport(context, reportId, scope));
}

/**
 * The certified edition of a report's PDF: the report as issued (same content, date and map) with
 * a "Blockchain certificate" section built from the certificate on chain. Rendering is
 * deterministic (fixed creation date, no random ids), so POST /api/blockchain/verify-nft can
 * re-render it and compare a downloaded copy byte for byte.
 */
export async function renderCertifiedReportPdf(context: AppContext, report: StoredReport, certificate: ReportCertificateSummary): Promise<Buffer> {
  const location = { lat: report.content.property_details.lat, lng: report.content.property_details.lng };
  const map = context.hazards.ready ? findMapFeaturesNear(context.hazards.runtime.context, location, MAP_RADIUS_KM) : null;
  const pdf = await renderReportPdf({ reportId: report.report_id, generatedAt: report.generated_at, contentHash: report.content_hash, content: report.content, map, certificate });
  return pdf.bytes;
}

/** The PDF: as issued, or its certified edition once a certificate is minted, with its file name. */
export async function getReportPdf(context: AppContext, reportId: string, scope?: ReportScope): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await requireReport(context, reportId, scope);
  const report = toStoredReport(row);
  const certificate = await certificateSummaryOfReport(context, report.content_hash);
  const bytes = certificate ? await renderCertifiedReportPdf(context, report, certificate) : Buffer.from(row.pdfBase64, 'base64');
  return { bytes, fileName: reportFileName(report, 'pdf') };
}

/** The text download, with the certificate on chain once minted. */
export async function getReportText(context: AppContext, reportId: string, scope?: ReportScope): Promise<{ text: string; fileName: string }> {
  const report = await getStoredReport(context, reportId, scope);
  const certificate = await certificateSummaryOfReport(context, report.content_hash);
  return { text: renderReportText(report, certificate), fileName: reportFileName(report, 'txt') };
}

/** GET /api/reports/{id}/verify?hash=: does a copy's SHA-256 equal the stored content's or the PDF's? */
export async function verifyReport(context: AppContext, reportId: string, hash: string, scope?: ReportScope): Promise<VerifyResponse> {
  const row = await requireReport(context, reportId, scope);
  // Recomputed from the stored content, so a changed row would not verify either.
  const contentHash = sha256(canonicalJson(row.content));
  const given = hash.toLowerCase();
  const matched = given === contentHash && contentHash === row.contentHash ? 'content' : given === row.pdfSha256 ? 'pdf' : null;
  return { success: true, report_id: reportId, matches: matched !== null, matched, content_hash: row.contentHash, pdf_sha256: row.pdfSha256 };
}

export async function listStoredReports(context: AppContext, limit: number, offset: number, scope?: ReportScope): Promise<{ reports: ReportSummary[]; total: number }> {
  const { rows, total } = await listReports(context.database, limit, offset, scope);
  return {
    total,
    reports: rows.map((row) => ({
      report_id: row.reportId,
      generated_at: new Date(row.generatedAt).toISOString(),
      generation_ms: row.generationMs,
      template: row.template as ReportSummary['template'],
      title: row.title,
      status: 'Complete' as const,
      content_hash: row.contentHash,
      pdf_sha256: row.pdfSha256,
      pdf_bytes: row.pdfBytes,
      pdf_pages: row.pdfPages,
      property: row.address,
      valuation: row.valuationAud,
      listing_id: row.listingId,
    })),
  };
}

/** Analytics of the stored reports, with the model's published hold-out accuracy. */
export async function getReportAnalytics(context: AppContext, scope?: ReportScope): Promise<ReportAnalytics> {
  const summary = await summariseReports(context.database, scope);
  let modelHoldout: ReportAnalytics['model_holdout'] = null;
  if (context.valuation.ready) {
    const { artifact } = context.valuation.runtime.model;
    const rows = artifact.metrics?.holdout ?? [];
    if (rows.length > 0) {
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      modelHoldout = {
        model_id: context.valuation.runtime.model.id,
        mdape: median(rows.map((row) => row.mdape)),
        ppe10: median(rows.map((row) => row.ppe10)),
        note: `Median over the ${rows.length} hold-out cells of the model card (/model-card)`,
      };
    }
  }
  return {
    reports: summary.total,
    by_template: summary.byTemplate,
    average_generation_ms: summary.averageGenerationMs === null ? null : Math.round(summary.averageGenerationMs),
    average_pdf_pages: summary.averagePdfPages === null ? null : Math.round(summary.averagePdfPages * 10) / 10,
    model_holdout: modelHoldout,
  };
}
