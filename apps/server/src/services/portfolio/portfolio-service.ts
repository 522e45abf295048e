/**
 * Portfolio revaluation (issue 15): uploads, status, results, summary, cancellation. Portfolios
 * belong to a workspace (issue 14): another workspace's answers 404, as reports do.
 */
import {
  findLatestCompletedPortfolio,
  findPortfolio,
  iteratePortfolioResults,
  listPortfolios,
  listWorkers,
  queryPortfolioResults,
  setPortfolioState,
  type PortfolioRecord,
  type PortfolioScope,
} from '@propguard/db';
import { PortfolioSummaryBuilder } from '@propguard/engines';
import { defaultPortfolioName, getPortfolioStatus, ingestPortfolioCsv, ingestPortfolioRows, portfolioResultsCsv, type IngestOptions, type IngestResult } from '@propguard/jobs';
import {
  AppError,
  isPortfolioFinished,
  progressEventOf,
  type PortfolioCreatedResponse,
  type PortfolioMapping,
  type PortfolioProgressEvent,
  type PortfolioResultsPage,
  type PortfolioResultsQuery,
  type PortfolioStatus,
  type PortfolioSummary,
  type PortfolioValidationReport,
  type PortfolioWorker,
} from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { reportScopeOf, type Principal } from '../accounts/principal.ts';
import { isMetered, reserveBulkValuations } from '../accounts/usage-service.ts';
import { requireHazardRuntime } from '../hazards/require-hazards.ts';
import { requireValuationRuntime } from '../valuation/require-valuation.ts';
import type { PortfolioJobs } from './portfolio-jobs.ts';

/** Who uploads: the workspace that will own the portfolio (null: anonymous compat calls). */
export interface PortfolioOwner {
  workspaceId: string | null;
  scope: PortfolioScope;
  /** Reserves a stored book's loans as bulk valuations before it is queued (a metered principal's plan; refused whole with 429). */
  reserveLoans?: (portfolioId: string, loans: number) => Promise<void>;
}

/** The owner of what a principal uploads, and what it sees (its workspace's portfolios; the local workspace also the CLI's). */
export function portfolioOwnerOf(principal: Principal | null): PortfolioOwner {
  return { workspaceId: principal?.workspaceId ?? null, scope: reportScopeOf(principal) };
}

/**
 * The owner of a book a principal starts (upload, bulk analysis, distributed valuation): each loan
 * is a bulk valuation, counted against the plan's monthly quota before the book is queued, so a book
 * larger than what is left is refused before it starts, with the numbers (issue 30).
 */
export function uploaderOf(context: AppContext, principal: Principal | null): PortfolioOwner {
  const owner = portfolioOwnerOf(principal);
  if (!isMetered(principal)) return owner;
  return { ...owner, reserveLoans: (portfolioId, loans) => reserveBulkValuations(context.database, context.accounts.plans, principal, portfolioId, loans, new Date()) };
}

export interface UploadOptions {
  name?: string | undefined;
  mapping?: PortfolioMapping | undefined;
  source: IngestOptions['source'];
}

function jobsOf(context: AppContext): PortfolioJobs {
  return context.portfolioJobs;
}

function ingestOptions(context: AppContext, owner: PortfolioOwner, options: UploadOptions, validateOnly: boolean): IngestOptions {
  return {
    name: options.name ?? defaultPortfolioName(new Date()),
    source: options.source,
    workspaceId: owner.workspaceId,
    executor: jobsOf(context).mode,
    outlook: context.climateOutlook,
    ...(options.mapping ? { mapping: options.mapping } : {}),
    ...(owner.reserveLoans ? { beforePublish: owner.reserveLoans } : {}),
    validateOnly,
  };
}

async function accept(context: AppContext, result: IngestResult): Promise<PortfolioCreatedResponse> {
  if (!result.portfolio) throw new AppError('VALIDATION_ERROR', `The loan book cannot run: ${result.validation.problems.join('; ')}`, { field: 'file' });
  try {
    await jobsOf(context).submitted(result.portfolio);
  } catch (error) {
    // Stored but not queued: say so on the portfolio, and answer 503 rather than leave it waiting.
    await setPortfolioState(context.database, result.portfolio.id, 'failed', { message: 'The job queue could not take the portfolio; upload it again', finishedAt: new Date().toISOString() });
    throw new AppError('SERVICE_UNAVAILABLE', 'The job queue could not take the portfolio (see the server log); upload it again', { cause: error });
  }
  return { success: true, portfolio: await getPortfolioStatus(context.database, result.portfolio), validation: result.validation };
}

function requireAssessing(context: AppContext): void {
  requireValuationRuntime(context);
  requireHazardRuntime(context);
}

/** POST /api/portfolios with a CSV body (text/csv): streamed, checked, stored, queued. */
export async function createPortfolioFromCsv(context: AppContext, body: AsyncIterable<Buffer | string>, owner: PortfolioOwner, options: UploadOptions): Promise<PortfolioCreatedResponse> {
  requireAssessing(context);
  return accept(context, await ingestPortfolioCsv(context.database, body, ingestOptions(context, owner, options, false)));
}

/** POST /api/portfolios with JSON rows (and bulk analysis). */
export async function createPortfolioFromRows(context: AppContext, rows: ReadonlyArray<Record<string, unknown>>, owner: PortfolioOwner, options: UploadOptions): Promise<PortfolioCreatedResponse> {
  requireAssessing(context);
  return accept(context, await ingestPortfolioRows(context.database, rows, ingestOptions(context, owner, options, false)));
}

/** POST /api/portfolios/validate: the check of a CSV or of JSON rows, storing nothing. */
export async function validatePortfolioUpload(context: AppContext, body: { csv: AsyncIterable<Buffer | string> } | { rows: ReadonlyArray<Record<string, unknown>> }, owner: PortfolioOwner, options: UploadOptions): Promise<PortfolioValidationReport> {
  const ingest = ingestOptions(context, owner, options, true);
  const result = 'csv' in body ? await ingestPortfolioCsv(context.database, body.csv, ingest) : await ingestPortfolioRows(context.database, body.rows, ingest);
  return result.validation;
}

async function requirePortfolio(context: AppContext, id: string, scope: PortfolioScope): Promise<PortfolioRecord> {
  const record = await findPortfolio(context.database, id, scope);
  if (!record) throw new AppError('NOT_FOUND', `No portfolio ${id} in this workspace`, { field: 'params.id' });
  return record;
}

export async function getPortfolio(context: AppContext, id: string, scope: PortfolioScope): Promise<PortfolioStatus> {
  return getPortfolioStatus(context.database, await requirePortfolio(context, id, scope));
}

export async function listPortfolioStatuses(context: AppContext, scope: PortfolioScope): Promise<PortfolioStatus[]> {
  const records = await listPortfolios(context.database, 100, scope);
  return Promise.all(records.map((record) => getPortfolioStatus(context.database, record)));
}

export async function getPortfolioResults(context: AppContext, id: string, query: PortfolioResultsQuery, scope: PortfolioScope): Promise<PortfolioResultsPage> {
  const record = await requirePortfolio(context, id, scope);
  const { total, rows } = await queryPortfolioResults(context.database, id, query);
  return { success: true, portfolioId: id, columns: record.columns, page: query.page, pageSize: query.pageSize, total, pages: Math.ceil(total / query.pageSize), rows };
}

/** The results CSV as a stream of text (the upload's columns, then the output columns). */
export async function getPortfolioResultsCsv(context: AppContext, id: string, scope: PortfolioScope): Promise<{ lines: AsyncGenerator<string>; fileName: string }> {
  const record = await requirePortfolio(context, id, scope);
  const safeName = record.name.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'portfolio';
  return { lines: portfolioResultsCsv(context.database, record), fileName: `${safeName}-results.csv` };
}

/**
 * Summaries of finished portfolios, which never change again: reading every result row costs
 * about 40 us a loan (2 s for 50,000 on the embedded database), so each is built once per server
 * process. Keyed by id, state and finish time; the newest SUMMARY_CACHE_SIZE are kept.
 */
const finishedSummaries = new Map<string, PortfolioSummary>();
const SUMMARY_CACHE_SIZE = 20;

async function summarise(context: AppContext, record: PortfolioRecord): Promise<PortfolioSummary> {
  const key = isPortfolioFinished(record.state) ? `${record.id}|${record.state}|${record.finishedAt ?? ''}` : null;
  const kept = key === null ? undefined : finishedSummaries.get(key);
  if (kept) return kept;
  const builder = new PortfolioSummaryBuilder();
  for await (const batch of iteratePortfolioResults(context.database, record.id)) for (const row of batch) builder.add(row);
  const summary = builder.finish({ portfolioId: record.id, state: record.state, totalLoans: record.totalLoans, outlook: { scenario: record.scenario as PortfolioSummary['outlook']['scenario'], year: record.year } });
  if (key !== null) {
    finishedSummaries.set(key, summary);
    if (finishedSummaries.size > SUMMARY_CACHE_SIZE) finishedSummaries.delete(finishedSummaries.keys().next().value!);
  }
  return summary;
}

export async function getPortfolioSummary(context: AppContext, id: string, scope: PortfolioScope): Promise<PortfolioSummary> {
  return summarise(context, await requirePortfolio(context, id, scope));
}

/** The newest completed portfolio's summary (the APRA Compliance tab's distribution), or null. */
export async function getLatestPortfolioSummary(context: AppContext, scope: PortfolioScope): Promise<PortfolioSummary | null> {
  const record = await findLatestCompletedPortfolio(context.database, scope);
  return record ? summarise(context, record) : null;
}

/** POST /api/portfolios/{id}/cancel: a queued or running job stops before its next chunk; a finished one answers 409. */
export async function cancelPortfolio(context: AppContext, id: string, scope: PortfolioScope): Promise<PortfolioStatus> {
  const record = await requirePortfolio(context, id, scope);
  const changed = await setPortfolioState(context.database, id, 'cancelled', { message: 'Cancelled by the user; the loans assessed before stay in the results', finishedAt: new Date().toISOString() });
  if (!changed) throw new AppError('CONFLICT', `Portfolio ${id} is already ${record.state}: only a queued or running job can be cancelled`, { field: 'params.id' });
  return getPortfolio(context, id, scope);
}

export function toProgressEvent(status: PortfolioStatus, now: Date = new Date()): PortfolioProgressEvent {
  return progressEventOf(status, now.toISOString());
}


/**
 * Progress events of a portfolio: one at once, then one per change (polled every `intervalMs`),
 * ending after the first finished state. Stops when `signal` aborts (the client went away).
 */
export async function* portfolioProgress(context: AppContext, id: string, scope: PortfolioScope, signal: AbortSignal, intervalMs = 500): AsyncGenerator<PortfolioProgressEvent> {
  await requirePortfolio(context, id, scope);
  let last = '';
  while (!signal.aborted) {
    const record = await findPortfolio(context.database, id);
    if (!record) return;
    const event = toProgressEvent(await getPortfolioStatus(context.database, record));
    const key = `${event.state}|${event.loansDone}|${event.loansErrors}`;
    if (key !== last) {
      last = key;
      yield event;
    }
    if (isPortfolioFinished(event.state)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Workers seen in the last minute (threads of servers, `propguard worker` processes). */
export async function listRecentWorkers(context: AppContext, now: Date = new Date()): Promise<PortfolioWorker[]> {
  const workers = await listWorkers(context.database, new Date(now.getTime() - 5 * 60_000).toISOString());
  return workers.map((worker) => ({
    id: worker.id,
    host: worker.host,
    pid: worker.pid,
    kind: worker.kind === 'process' ? 'process' : 'threads',
    threads: worker.threads,
    chunksDone: worker.chunksDone,
    loansDone: worker.loansDone,
    startedAt: worker.startedAt,
    lastHeartbeat: worker.lastHeartbeat,
    isAlive: now.getTime() - new Date(worker.lastHeartbeat).getTime() <= 30_000,
  }));
}
