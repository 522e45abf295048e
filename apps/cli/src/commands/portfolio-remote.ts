/**
 * `portfolio run | submit | status | results` through the running server's API. The embedded database
 * (PGlite) opens in one process only: while `npm start` holds it, the CLI cannot open it
 * (DATABASE_BUSY), so these commands post the book to the server instead (`run` then follows it to the end), which queues it on its
 * own threads at once, and read its status and results back. The same routes the web screen uses;
 * the same answers as the database path. PROPGUARD_SERVER_URL names the server (default
 * http://127.0.0.1:$PORT, PORT 3000); PROPGUARD_API_KEY is sent as a Bearer key when set (needed
 * where the server requires sign-in).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError, errorResponseSchema, isPortfolioFinished, portfolioCreatedResponseSchema, portfolioStatusResponseSchema, type PortfolioStatus } from '@propguard/schemas';

export interface RemoteServer {
  baseUrl: string;
  apiKey?: string | undefined;
}

/** The server the CLI falls back to: PROPGUARD_SERVER_URL, else the loopback address of PORT. */
export function remoteServerFrom(env: NodeJS.ProcessEnv): RemoteServer {
  const baseUrl = (env.PROPGUARD_SERVER_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`).replace(/\/+$/, '');
  return { baseUrl, apiKey: env.PROPGUARD_API_KEY || undefined };
}

/** Whether an error is the embedded database held by another process (the running server). */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof AppError && error.code === 'DATABASE_BUSY';
}

function headersOf(server: RemoteServer, extra: Record<string, string> = {}): Record<string, string> {
  return server.apiKey ? { ...extra, authorization: `Bearer ${server.apiKey}` } : extra;
}

async function request(server: RemoteServer, url: string, init: RequestInit & { duplex?: 'half' }): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${server.baseUrl}${url}`, init);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `The embedded database is in use by another process and no PropGuard server answers at ${server.baseUrl} (set PROPGUARD_SERVER_URL, or stop the other process)`, { field: 'PROPGUARD_SERVER_URL' });
  }
  if (response.ok) return response;
  const parsed = errorResponseSchema.safeParse(await response.json().catch(() => null));
  const message = parsed.success ? parsed.data.error.message : response.statusText;
  if (response.status === 401 || response.status === 403) {
    const hint = server.apiKey
      ? 'PROPGUARD_API_KEY was sent: check that the key is not revoked, that its workspace\'s plan has API access (Professional and above) and that its role may do this'
      : 'the server requires sign-in: create an API key under Account (Professional plan and above) and set PROPGUARD_API_KEY=pg_...';
    throw new AppError(response.status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', `The server at ${server.baseUrl} answered ${response.status}: ${message} ${hint}.`, { field: 'PROPGUARD_API_KEY' });
  }
  throw new AppError(response.status === 404 ? 'NOT_FOUND' : response.status === 429 ? 'QUOTA_EXCEEDED' : 'VALIDATION_ERROR', `The server at ${server.baseUrl} answered ${response.status}: ${message}`);
}

/** Posts the book to the server (the file streamed as text/csv); the new portfolio's id. */
async function postBook(server: RemoteServer, options: { csv: string; name?: string }): Promise<string> {
  const name = options.name ?? path.basename(options.csv);
  const response = await request(server, `/api/portfolios?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: headersOf(server, { 'content-type': 'text/csv' }),
    body: Readable.toWeb(createReadStream(options.csv)) as ReadableStream,
    duplex: 'half',
  });
  return portfolioCreatedResponseSchema.parse(await response.json()).portfolio.id;
}

async function readStatus(server: RemoteServer, id: string): Promise<PortfolioStatus> {
  const response = await request(server, `/api/portfolios/${encodeURIComponent(id)}`, { headers: headersOf(server) });
  return portfolioStatusResponseSchema.parse(await response.json()).portfolio;
}

/** `portfolio submit` through the server: prints the portfolio id. */
export async function submitPortfolioRemote(server: RemoteServer, options: { csv: string; name?: string }, print: (line: string) => void): Promise<number> {
  print(await postBook(server, options));
  return 0;
}

/**
 * `portfolio run` through the server: posts the book, follows its progress (a line every few
 * seconds: loans done, rate, time left), then writes the results CSV. The server's threads run it,
 * so --threads does not apply. Exit code 0 when it completed.
 */
export async function runPortfolioRemote(server: RemoteServer, options: { csv: string; out: string; name?: string }, print: (line: string) => void, pollMs = 500): Promise<number> {
  const id = await postBook(server, options);
  print(`The running server at ${server.baseUrl} holds the embedded database: portfolio ${id} runs there.`);
  let status = await readStatus(server, id);
  let lastPrintedAt = 0;
  while (!isPortfolioFinished(status.state)) {
    if (performance.now() - lastPrintedAt >= 2_000) {
      lastPrintedAt = performance.now();
      print(describeProgress(status));
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    status = await readStatus(server, id);
  }
  await portfolioResultsRemote(server, id, options.out, () => undefined);
  print(`Portfolio ${id}: ${status.loans.done.toLocaleString('en-AU')} of ${status.loans.total.toLocaleString('en-AU')} loans assessed (${status.loans.errors} with an error), ${status.state}${status.message ? ` (${status.message})` : ''} -> ${options.out}`);
  return status.state === 'completed' ? 0 : 1;
}

function describeProgress(status: PortfolioStatus): string {
  const percent = status.loans.total > 0 ? Math.floor((100 * status.loans.done) / status.loans.total) : 0;
  const rate = status.loansPerSecond === null ? 'measuring' : `${Math.round(status.loansPerSecond).toLocaleString('en-AU')} loans/s`;
  const left = status.etaSeconds === null ? '' : `, about ${Math.ceil(status.etaSeconds)} s left`;
  return `  ${status.state}: ${status.loans.done.toLocaleString('en-AU')} of ${status.loans.total.toLocaleString('en-AU')} loans (${percent}%), ${rate}${left}`;
}

/** `portfolio status` through the server. */
export async function portfolioStatusRemote(server: RemoteServer, id: string, print: (line: string) => void): Promise<number> {
  print(JSON.stringify(await readStatus(server, id), null, 2));
  return 0;
}

/** `portfolio results` through the server: the results CSV streamed to the file. */
export async function portfolioResultsRemote(server: RemoteServer, id: string, out: string, print: (line: string) => void): Promise<number> {
  const response = await request(server, `/api/portfolios/${encodeURIComponent(id)}/results.csv`, { headers: headersOf(server) });
  let lines = -1;
  const counted = Readable.fromWeb(response.body! as WebReadableStream<Uint8Array>);
  counted.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  });
  await pipeline(counted, createWriteStream(out));
  print(`Wrote ${Math.max(0, lines).toLocaleString('en-AU')} loans of portfolio ${id} -> ${out}`);
  return 0;
}
