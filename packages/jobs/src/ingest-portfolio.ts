/**
 * Storing a loan book (issue 15): a CSV stream (csv-parse, read record by record: memory stays
 * flat whatever the size) or JSON rows go through the column mapping and the row check of the
 * portfolio engine; loans are written in batches as they are read. A file that cannot run
 * (wrong delimiter, missing columns, no rows, binary junk, too big) is refused with its validation
 * report and nothing of it stays stored.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse';
import { createPortfolio, deletePortfolio, findPortfolio, insertPortfolioLoans, publishPortfolio, type Database, type PortfolioRecord, type StoredLoanInput } from '@propguard/db';
import { describeRowProblems, detectDelimiter, mappedRecord, planChunks, planColumns, rowInput, ValidationReportBuilder, PORTFOLIO_CHUNK_SIZE } from '@propguard/engines';
import { AppError, PORTFOLIO_MAX_ROWS, PORTFOLIO_MAX_UPLOAD_BYTES, type ClimateOutlook, type PortfolioMapping, type PortfolioValidationReport } from '@propguard/schemas';

export interface IngestOptions {
  name: string;
  source: 'csv' | 'json' | 'cli' | 'bulk-analysis' | 'distributed-valuation';
  workspaceId: string | null;
  executor: 'threads' | 'queue';
  outlook: ClimateOutlook;
  mapping?: PortfolioMapping;
  chunkSize?: number;
  /** Refuse more rows than this (the API's limit; the CLI passes Infinity). */
  maxRows?: number;
  /** Refuse more bytes than this (CSV). */
  maxBytes?: number;
  /** Only check the file: store nothing. */
  validateOnly?: boolean;
  /**
   * Called with the stored book's loan count before it is queued (the server reserves them as bulk
   * valuations against the plan's quota); a throw stores nothing and passes through.
   */
  beforePublish?: (portfolioId: string, loans: number) => Promise<void>;
  now?: () => Date;
}

export type IngestResult = { portfolio: PortfolioRecord; validation: PortfolioValidationReport } | { portfolio: null; validation: PortfolioValidationReport };

const WRITE_BATCH = 1000;

/** Thrown inside the reader to stop reading a file that cannot run. */
class StopReading extends Error {}

/**
 * The core: a header and the rows as text cells. Stops reading as soon as the header cannot run.
 */
async function ingestRecords(database: Database, header: string[], records: AsyncIterable<string[]>, delimiter: string, options: IngestOptions): Promise<IngestResult> {
  const plan = planColumns(header, options.mapping);
  const builder = new ValidationReportBuilder(plan, delimiter);
  const maxRows = options.maxRows ?? PORTFOLIO_MAX_ROWS;
  const canRun = plan.problems.length === 0 && delimiter === ',';
  const store = canRun && !options.validateOnly;
  const id = randomUUID();
  const now = options.now ?? (() => new Date());
  if (store) {
    await createPortfolio(database, { id, workspaceId: options.workspaceId, name: options.name, source: options.source, executor: options.executor, columns: plan.header, chunkSize: options.chunkSize ?? PORTFOLIO_CHUNK_SIZE, scenario: options.outlook.scenario, year: options.outlook.year, createdAt: now().toISOString() });
  }
  let batch: StoredLoanInput[] = [];
  let row = 0;
  try {
    if (canRun) {
      for await (const cells of records) {
        row += 1;
        if (row > maxRows) {
          builder.addProblem(`the file has more than ${maxRows.toLocaleString('en-AU')} loans: split it, or run it with \`propguard portfolio run\``);
          throw new StopReading();
        }
        if (cells.some((cell) => cell.includes('\u0000'))) {
          builder.addProblem(`row ${row} holds binary data (NUL characters): this is not a CSV text file`);
          throw new StopReading();
        }
        const parsed = builder.add(row, cells);
        const loanId = parsed.loan?.loan_id ?? (parsed.loan === null ? parsed.loanId : null) ?? `row ${row}`;
        if (store) {
          batch.push({ row, loanId, input: rowInput(plan, cells), record: parsed.loan === null ? null : mappedRecord(plan, cells), inputError: parsed.loan === null ? describeRowProblems(parsed.problems) : null });
          if (batch.length >= WRITE_BATCH) {
            await insertPortfolioLoans(database, id, batch);
            batch = [];
          }
        }
      }
    }
  } catch (error) {
    if (!(error instanceof StopReading)) {
      if (store) await deletePortfolio(database, id);
      throw error;
    }
  }
  const validation = builder.finish();
  if (!store || !validation.isValid) {
    if (store) await deletePortfolio(database, id);
    return { portfolio: null, validation };
  }
  try {
    await insertPortfolioLoans(database, id, batch);
    await options.beforePublish?.(id, builder.rowCount);
    await publishPortfolio(database, id, builder.rowCount, planChunks(builder.rowCount, options.chunkSize ?? PORTFOLIO_CHUNK_SIZE));
  } catch (error) {
    await deletePortfolio(database, id);
    throw error;
  }
  return { portfolio: (await findPortfolio(database, id))!, validation };
}

/** Counts the bytes read and refuses a stream past the limit with a 413. */
async function* limitBytes(source: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; split it, or run it with \`propguard portfolio run\``, { field: 'body' });
    yield buffer;
  }
}

/**
 * Reads a CSV stream. The delimiter is read from the first line (anything but a comma is refused
 * with a clear message); quoted fields may hold commas, quotes and line breaks (RFC 4180).
 */
export async function ingestPortfolioCsv(database: Database, source: AsyncIterable<Buffer | string>, options: IngestOptions): Promise<IngestResult> {
  const limited = limitBytes(source, options.maxBytes ?? PORTFOLIO_MAX_UPLOAD_BYTES);
  // The first bytes, for the delimiter; then everything goes through csv-parse.
  const first = await limited.next();
  if (first.done || first.value.length === 0) throw new AppError('VALIDATION_ERROR', 'the file is empty: a loan book needs a header row and at least one loan', { field: 'file' });
  const head = first.value.toString('utf8', 0, Math.min(first.value.length, 64 * 1024)).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(head.split(/\r?\n/, 1)[0] ?? '');
  const parser = parse({ bom: true, delimiter: ',', relax_column_count: true, skip_empty_lines: true, max_record_size: 1_000_000 });
  // Waits for room in the parser, or for its end (destroyed when the reader stopped early).
  const room = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        parser.off('drain', done);
        parser.off('close', done);
        resolve();
      };
      parser.on('drain', done);
      parser.on('close', done);
    });
  const feed = (async () => {
    try {
      if (!parser.write(first.value)) await room();
      for await (const chunk of limited) {
        if (parser.destroyed) return;
        if (!parser.write(chunk)) await room();
      }
      if (!parser.destroyed) parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  let header: string[];
  try {
    const firstRecord = await iterator.next();
    if (firstRecord.done) throw new AppError('VALIDATION_ERROR', 'the file has no header row', { field: 'file' });
    header = firstRecord.value;
    if (header.length > 1000) throw new AppError('VALIDATION_ERROR', `the first row has ${header.length.toLocaleString('en-AU')} fields: this is not a loan-book CSV (expected a header such as loan_id,address,suburb,...,loan_amount)`, { field: 'file' });
  } catch (error) {
    parser.destroy();
    throw toCsvError(error);
  }
  const records: AsyncIterable<string[]> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        try {
          return await iterator.next();
        } catch (error) {
          throw toCsvError(error);
        }
      },
      return: async () => {
        parser.destroy();
        return { done: true, value: undefined };
      },
    }),
  };
  try {
    return await ingestRecords(database, header, records, delimiter, options);
  } finally {
    parser.destroy();
    await feed.catch(() => undefined);
  }
}

/** A csv-parse error as a 400 naming the line; a size refusal passes through. */
function toCsvError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof AppError) return cause;
  const message = (error as Error).message ?? String(error);
  return new AppError('VALIDATION_ERROR', `the file is not a readable CSV: ${message.replace(/\s+/g, ' ').slice(0, 300)}`, { field: 'file' });
}

/**
 * JSON rows (POST /api/portfolios with `rows`, bulk analysis): the header is every key in the
 * order first seen; values are kept as text, as a CSV cell would be.
 */
export async function ingestPortfolioRows(database: Database, rows: ReadonlyArray<Record<string, unknown>>, options: IngestOptions): Promise<IngestResult> {
  const header: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
    }
  }
  const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value));
  async function* records(): AsyncGenerator<string[]> {
    for (const row of rows) yield header.map((key) => text(row[key]));
  }
  return ingestRecords(database, header, records(), ',', options);
}

/** The name of an upload without one: "Portfolio <date>". */
export function defaultPortfolioName(now: Date): string {
  return `Portfolio ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
