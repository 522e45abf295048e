import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponseSchema,
  PORTFOLIO_OUTPUT_COLUMNS,
  portfolioCreatedResponseSchema,
  portfolioListResponseSchema,
  portfolioProgressEventSchema,
  portfolioResultsPageSchema,
  portfolioStatusResponseSchema,
  portfolioSummaryResponseSchema,
  portfolioValidationResponseSchema,
  serviceHealthSchema,
} from '@propguard/schemas';
import { loadChunkLoans, loadIndexedSales } from '@propguard/db';
import { assessPortfolioLoans } from '@propguard/engines';
import { createThreadPoolAssessor, placeLoans } from '@propguard/jobs';
import { portfolioResultsRemote, portfolioStatusRemote, runPortfolioRemote, submitPortfolioRemote } from '../../cli/src/commands/portfolio-remote.ts';
import { REPO_ROOT } from '../src/config.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';
import { getTestDbKind, TEST_HOME } from './test-database.ts';

const execFileAsync = promisify(execFile);

const BOOK = readFileSync(new URL('./fixtures/loan-book-30.csv', import.meta.url), 'utf8');
const BOOK_ROWS = BOOK.trim().split('\n').length - 1;

describe.skipIf(getApiSkipReason() !== null)('portfolios (issue 15): upload, run, progress, results, summary', () => {
  let testApp: TestApp;
  let before: number;
  beforeAll(async () => {
    // Chunks of the main thread's assessor (PORTFOLIO_THREADS=0): the same code as the thread pool, without loading a thread's copy of the data.
    testApp = await createTestApp({ PORTFOLIO_THREADS: '0' });
    before = await countPortfolios();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function countPortfolios(): Promise<number> {
    const [row] = await testApp.context.database.query<{ n: number }>('SELECT count(*)::int AS n FROM portfolios');
    return row!.n;
  }
  const postCsv = (payload: string | Buffer, query = '') => testApp.app.inject({ method: 'POST', url: `/api/portfolios${query}`, headers: { 'content-type': 'text/csv' }, payload });
  function expectRefused(response: { statusCode: number; body: string; json(): unknown }, status: number, text: RegExp) {
    expect(response.statusCode, response.body).toBe(status);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.message).toMatch(text);
  }

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    expectRefused(await postCsv(BOOK.replaceAll(',', ';')), 400, /delimited by ";"/);
    expectRefused(await postCsv('loan_id,address,suburb\nL1,1 Smith St,Carlton\n'), 400, /missing columns: loan_amount/);
    expectRefused(await postCsv(`${BOOK.split('\n')[0]}\n`), 400, /0 rows/);
    expectRefused(await postCsv(''), 400, /empty/);
    // 50 MB of random bytes: refused at its header, not read to the end.
    const junk = Buffer.alloc(50 * 1024 * 1024 + 10);
    for (let i = 0; i < junk.length; i += 4096) junk.writeUInt32LE((i * 2654435761) >>> 0, i);
    const junkResponse = await postCsv(junk);
    expect([400, 413]).toContain(junkResponse.statusCode);
    expect(errorResponseSchema.parse(junkResponse.json()).error.message.length).toBeGreaterThan(10);
    expectRefused(await testApp.app.inject({ method: 'POST', url: '/api/portfolios', payload: { rows: [] } }), 400, /rows is empty/);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/portfolios', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })).statusCode).toBe(415);
    expect(await countPortfolios()).toBe(before);
  });

  it('checks a file before running: mapping, unknown columns, row errors and a preview', async () => {
    const renamed = BOOK.replace(/^loan_id,/, 'Account,').replace(',loan_amount,', ',Balance,');
    const response = await testApp.app.inject({ method: 'POST', url: '/api/portfolios/validate', headers: { 'content-type': 'text/csv' }, payload: renamed });
    expect(response.statusCode, response.body).toBe(200);
    const { validation } = portfolioValidationResponseSchema.parse(response.json());
    expect(validation).toMatchObject({ isValid: true, delimiter: ',', rows: BOOK_ROWS, unknownColumns: ['branch'], rowErrorCount: 1 });
    expect(validation.mapping.find((entry) => entry.field === 'loan_amount')?.source).toBe('Balance');
    expect(validation.mapping.find((entry) => entry.field === 'loan_id')?.source).toBe('Account');
    expect(validation.rowErrors[0]).toMatchObject({ row: BOOK_ROWS, loan_id: 'BAD002', field: 'loan_amount' });
    expect(validation.preview).toHaveLength(5);
    expect(await countPortfolios()).toBe(before);
  });

  /** A multipart/form-data body as a browser form or `curl -F` sends it. */
  function multipartBody(parts: Array<{ name: string; value: string | Buffer; filename?: string }>) {
    const boundary = `----propguard-${randomUUID()}`;
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: text/csv` : ''}`;
      chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const postForm = (url: string, parts: Parameters<typeof multipartBody>[0]) => testApp.app.inject({ method: 'POST', url, ...multipartBody(parts) });

  it('takes the file as a multipart form field too (name and mapping as fields), streamed; bad forms get a 4xx and nothing stored', async () => {
    const renamed = BOOK.replace(/^loan_id,/, 'Account,').replace(',loan_amount,', ',Balance,');
    const checked = await postForm('/api/portfolios/validate', [{ name: 'mapping', value: JSON.stringify({ loan_amount: 'Balance' }) }, { name: 'file', value: renamed, filename: 'book.csv' }]);
    expect(checked.statusCode, checked.body).toBe(200);
    const { validation } = portfolioValidationResponseSchema.parse(checked.json());
    expect(validation).toMatchObject({ isValid: true, rows: BOOK_ROWS, rowErrorCount: 1 });
    expect(validation.mapping.find((entry) => entry.field === 'loan_amount')?.source).toBe('Balance');

    const stored = await countPortfolios();
    expectRefused(await postForm('/api/portfolios', [{ name: 'file', value: BOOK.replaceAll(',', ';'), filename: 'book.csv' }]), 400, /delimited by ";"/);
    expectRefused(await postForm('/api/portfolios', [{ name: 'name', value: 'no file' }]), 400, /no file/);
    expectRefused(await postForm('/api/portfolios', [{ name: 'mapping', value: '{not json' }, { name: 'file', value: BOOK, filename: 'book.csv' }]), 400, /mapping/);
    // Forms the multipart parser cannot read: no boundary, no parts, a file cut short.
    const rawForm = (contentType: string, payload: string) => testApp.app.inject({ method: 'POST', url: '/api/portfolios', headers: { 'content-type': contentType }, payload });
    expectRefused(await rawForm('multipart/form-data', 'garbage'), 400, /not a readable multipart form/);
    expectRefused(await rawForm('multipart/form-data; boundary=xyz', 'garbage'), 400, /not a readable multipart form/);
    expectRefused(await rawForm('multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${BOOK.slice(0, 400)}`), 400, /not a readable multipart form/);
    const junk = Buffer.alloc(50 * 1024 * 1024 + 10, 0x41);
    const tooBig = await postForm('/api/portfolios', [{ name: 'file', value: junk, filename: 'junk.csv' }]);
    expect([400, 413], tooBig.body).toContain(tooBig.statusCode);
    expect(errorResponseSchema.parse(tooBig.json()).error.message.length).toBeGreaterThan(10);
    expect(await countPortfolios()).toBe(stored);

    const created = await postForm('/api/portfolios', [{ name: 'name', value: 'Form book' }, { name: 'file', value: BOOK, filename: 'book.csv' }]);
    expect(created.statusCode, created.body).toBe(202);
    const { portfolio } = portfolioCreatedResponseSchema.parse(created.json());
    expect(portfolio).toMatchObject({ name: 'Form book', loans: { total: BOOK_ROWS } });
    // Let it finish, so that the later tests' "latest portfolio" is not a run still going.
    const events = await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/events` });
    expect(events.body).toContain('event: done');
  });

  it('runs a small real book end to end: progress events, results, CSV, summary, and another workspace sees 404', async () => {
    const created = await postCsv(BOOK, '?name=Test%20book');
    expect(created.statusCode, created.body).toBe(202);
    const { portfolio } = portfolioCreatedResponseSchema.parse(created.json());
    expect(portfolio).toMatchObject({ name: 'Test book', loans: { total: BOOK_ROWS }, outlook: { scenario: 'high', year: 2050 } });

    // The SSE stream ends with the finished state.
    const events = await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/events` });
    expect(events.headers['content-type']).toContain('text/event-stream');
    const payloads = events.body.split('\n').filter((line) => line.startsWith('data: ')).map((line) => portfolioProgressEventSchema.parse(JSON.parse(line.slice(6))));
    const last = payloads.at(-1)!;
    expect(events.body).toContain('event: done');
    expect(last).toMatchObject({ state: 'completed', loansTotal: BOOK_ROWS, loansDone: BOOK_ROWS, fraction: 1 });
    expect(last.loansPerSecond).toBeGreaterThan(0);

    const status = portfolioStatusResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}` })).json()).portfolio;
    expect(status).toMatchObject({ state: 'completed', loans: { total: BOOK_ROWS, done: BOOK_ROWS } });
    // The unknown suburb cannot be placed and the bad amount cannot be read: errors, never a stop.
    expect(status.loans.errors).toBe(2);

    const page = portfolioResultsPageSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/results?pageSize=10&sort=lvr&order=desc&errors=exclude` })).json());
    expect(page.total).toBe(BOOK_ROWS - 2);
    expect(page.rows).toHaveLength(10);
    for (const [a, b] of page.rows.slice(1).map((row, i) => [page.rows[i]!, row] as const)) expect(a.lvr!).toBeGreaterThanOrEqual(b.lvr!);
    const top = page.rows[0]!;
    expect(top.lvr).toBeCloseTo(top.loan_amount! / top.estimate!, 3);
    expect(top.lmi_required).toBe(top.lvr! > 0.8);
    expect(top.input.branch).toMatch(/^B\d$/);
    expect(top.levels).toMatch(/^flood:(High|Medium|Low|no data);fire:/);

    const errorsOnly = portfolioResultsPageSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/results?errors=only` })).json());
    expect(errorsOnly.rows.map((row) => row.loan_id).sort()).toEqual(['BAD001', 'BAD002']);
    expect(errorsOnly.rows.find((row) => row.loan_id === 'BAD002')?.error).toMatch(/loan_amount/);
    const band = portfolioResultsPageSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/results?lvrBand=over_100&pageSize=100` })).json());
    expect(band.rows.every((row) => row.lvr! > 1)).toBe(true);

    const csv = await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/results.csv` });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(`${BOOK.split('\n')[0]},${PORTFOLIO_OUTPUT_COLUMNS.join(',')}`);
    expect(lines).toHaveLength(BOOK_ROWS + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(BOOK_ROWS);

    const summary = portfolioSummaryResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/summary` })).json()).summary;
    expect(summary.loans).toEqual({ total: BOOK_ROWS, assessed: BOOK_ROWS - 2, errors: 2 });
    expect(summary.lvr.today.reduce((sum, band) => sum + band.loans, 0)).toBe(BOOK_ROWS - 2);
    const all = portfolioResultsPageSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/results?pageSize=500&errors=exclude` })).json()).rows;
    expect(summary.totals.riskWeightedAssetsAud).toBe(all.reduce((sum, row) => sum + row.rwa!, 0));
    expect(summary.lmi.loans).toBe(all.filter((row) => row.lmi_required).length);
    expect(summary.riskiest[0]!.lvr_2050).toBe(Math.max(...all.map((row) => row.lvr_2050 ?? row.lvr!)));

    const list = portfolioListResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/portfolios' })).json());
    expect(list.portfolios.map((entry) => entry.id)).toContain(portfolio.id);
    expectRefused(await testApp.app.inject({ method: 'POST', url: `/api/portfolios/${portfolio.id}/cancel` }), 409, /already completed/);

    // Another workspace's portfolio answers 404 on every route.
    const foreign = randomUUID();
    await testApp.context.database.query(`UPDATE portfolios SET id = $1, workspace_id = $2 WHERE id = $3`, [foreign, `ws_other_${foreign}`, portfolio.id]);
    await testApp.context.database.query(`UPDATE portfolio_loans SET portfolio_id = $1 WHERE portfolio_id = $2`, [foreign, portfolio.id]);
    for (const url of [`/api/portfolios/${foreign}`, `/api/portfolios/${foreign}/results`, `/api/portfolios/${foreign}/summary`, `/api/portfolios/${foreign}/results.csv`, `/api/portfolios/${foreign}/events`]) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await testApp.app.inject({ method: 'POST', url: `/api/portfolios/${foreign}/cancel` })).statusCode).toBe(404);
  });

  it('echoes uploaded cells in results.csv through the one CSV writer: a formula cell comes back neutralised', async () => {
    const [header, first, second] = BOOK.trim().split('\n');
    const hostile = first!.replace(/,B\d$/, ',"=HYPERLINK(""http://x"",""y"")"');
    const created = await postCsv(`${header}\n${hostile}\n${second!.replace(/,B\d$/, ',@SUM(1)')}\n`, '?name=Formula%20cells');
    expect(created.statusCode, created.body).toBe(202);
    const { portfolio } = portfolioCreatedResponseSchema.parse(created.json());
    await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/events` });
    const csv = await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/results.csv` });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.trim().split('\n');
    expect(rows).toHaveLength(3);
    const byLoan = new Map(rows.slice(1).map((line) => [line.split(',')[0], line]));
    // The cell reads as text in a spreadsheet ('=...), never as a formula; the uploaded coordinates stay numbers.
    expect(byLoan.get(first!.split(',')[0])).toContain(`,-32.00583,115.88619,`);
    expect(byLoan.get(first!.split(',')[0])).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(byLoan.get(second!.split(',')[0])).toContain(`,'@SUM(1),`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('keeps a keep-alive connection usable after refusing a large file at its header', { timeout: 60_000 }, async () => {
    const server = testApp.app.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const [header, ...rows] = BOOK.trim().split('\n');
      // About 0.6 MB without a loan_amount column: refused at the header, the rest never read.
      const big = `${header!.replace(',loan_amount,', ',Exposure Xyz,')}\n${Array.from({ length: 150 }, () => rows.join('\n')).join('\n')}\n`;
      const refused = await fetch(`${base}/api/portfolios`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: big, signal: AbortSignal.timeout(10_000) });
      expect(refused.status).toBe(400);
      await refused.text();
      // The next requests (the same client, so the same connection pool) are answered.
      for (let i = 0; i < 3; i += 1) {
        const next = await fetch(`${base}/api/portfolios/validate?mapping=${encodeURIComponent(JSON.stringify({ loan_amount: 'Exposure Xyz' }))}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: big, signal: AbortSignal.timeout(10_000) });
        expect(next.status).toBe(200);
        expect(portfolioValidationResponseSchema.parse(await next.json()).validation.isValid).toBe(true);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /**
   * The shared app listening on a free port, a scratch directory holding the book, and the real
   * `propguard` command pointed at that server (the embedded database is held by this process);
   * all undone after `work`.
   */
  async function withListeningServer(work: (setting: { remote: { baseUrl: string }; dir: string; book: string; cli: (...args: string[]) => Promise<{ stdout: string; stderr: string }> }) => Promise<void>): Promise<void> {
    const server = testApp.app.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'propguard-cli-'));
    try {
      const remote = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
      const book = join(dir, 'book.csv');
      writeFileSync(book, BOOK);
      const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')), PROPGUARD_HOME: TEST_HOME, PROPGUARD_SERVER_URL: remote.baseUrl };
      const cli = (...args: string[]) => execFileAsync(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', ...args], { cwd: REPO_ROOT, env });
      await work({ remote, dir, book, cli });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('answers the CLI\'s portfolio submit, status and results through the server while it holds the embedded database', { timeout: 120_000 }, async () => {
    await withListeningServer(async ({ remote, dir, book, cli }) => {
      let id: string;
      if (getTestDbKind() === 'pglite') {
        // The real command: the test process holds the embedded database, so the CLI cannot open it and posts to the server.
        const submitted = await cli('portfolio', 'submit', '--csv', book, '--name', 'CLI book');
        id = submitted.stdout.trim();
      } else {
        const printed: string[] = [];
        expect(await submitPortfolioRemote(remote, { csv: book, name: 'CLI book' }, (line) => printed.push(line))).toBe(0);
        id = printed[0]!;
      }
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${id}/events` })).body).toContain('event: done');
      const printed: string[] = [];
      await portfolioStatusRemote(remote, id, (line) => printed.push(line));
      expect(JSON.parse(printed[0]!)).toMatchObject({ id, name: 'CLI book', state: 'completed', loans: { total: BOOK_ROWS, done: BOOK_ROWS } });
      const out = join(dir, 'results.csv');
      await portfolioResultsRemote(remote, id, out, (line) => printed.push(line));
      expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(BOOK_ROWS + 1);
      expect(printed[1]).toBe(`Wrote ${BOOK_ROWS} loans of portfolio ${id} -> ${out}`);
      await expect(portfolioStatusRemote(remote, randomUUID(), () => undefined)).rejects.toThrow(/answered 404/);
      await expect(portfolioStatusRemote({ baseUrl: 'http://127.0.0.1:9' }, id, () => undefined)).rejects.toThrow(/no PropGuard server answers/);
    });
  });

  it('runs the CLI\'s portfolio run through the server while it holds the embedded database; value says in one line what to do; risk needs no database', { timeout: 180_000 }, async () => {
    await withListeningServer(async ({ remote, dir, book, cli }) => {
      const out = join(dir, 'results.csv');
      if (getTestDbKind() === 'pglite') {
        const ran = await cli('portfolio', 'run', '--csv', book, '--out', out, '--name', 'CLI run');
        expect(ran.stdout).toContain(`The running server at ${remote.baseUrl} holds the embedded database`);
        expect(ran.stdout).toMatch(new RegExp(`Portfolio [0-9a-f-]{36}: ${BOOK_ROWS} of ${BOOK_ROWS} loans assessed \\(\\d+ with an error\\), completed -> `));
        const valued = await cli('value', '--csv', book, '--out', join(dir, 'valued.csv')).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(valued?.code).toBe(1);
        expect(valued?.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^propguard: The embedded database is in use by another process \(the running server\?\): `propguard value` reads it directly, so stop the server first, or run both on one PostgreSQL server \(DATABASE_URL\)\./)]);
        const risk = await cli('risk', '--lat', '-37.8136', '--lng', '144.9631');
        expect((JSON.parse(risk.stdout) as { assessments: { hazard: string }[] }).assessments.map((item) => item.hazard)).toHaveLength(6);
      } else {
        const printed: string[] = [];
        expect(await runPortfolioRemote(remote, { csv: book, out, name: 'CLI run' }, (line) => printed.push(line), 100)).toBe(0);
        expect(printed.at(-1)).toMatch(new RegExp(`: ${BOOK_ROWS} of ${BOOK_ROWS} loans assessed \\(\\d+ with an error\\), completed -> `));
      }
      expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(BOOK_ROWS + 1);
    });
  });

  it('assesses loans in a worker thread (the embedded pool) exactly as on the main thread', { timeout: 180_000 }, async () => {
    const { context } = testApp;
    if (!context.valuation.ready || !context.hazards.ready) throw new Error('the model or the hazard layers are not loaded');
    const created = portfolioCreatedResponseSchema.parse((await postCsv(BOOK, '?name=Thread%20check')).json());
    const placed = await placeLoans(context.database, context.valuation.runtime, await loadChunkLoans(context.database, created.portfolio.id, 1, BOOK_ROWS));
    const engine = { model: context.valuation.runtime.model, index: context.valuation.runtime.index, hazards: context.hazards.runtime.context, outlook: context.climateOutlook };
    const pool = createThreadPoolAssessor(
      { modelPath: context.config.valuationModelPath, dataDir: context.config.dataDir, sales: await loadIndexedSales(context.database), movement: context.valuation.runtime.index.movement!, floodLayers: context.hazards.runtime.context.data.floodLayers ?? [], outlook: context.climateOutlook },
      1,
    );
    try {
      const inThread = await pool.assess(placed);
      expect(inThread).toHaveLength(BOOK_ROWS);
      expect(inThread).toEqual(assessPortfolioLoans(placed, engine));
    } finally {
      await pool.close();
    }
  });

  it('reports the real workers on /api/xnode/xnode-health', async () => {
    const health = serviceHealthSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/xnode/xnode-health' })).json());
    const workers = health.checks.find((check) => check.name === 'workers');
    expect(workers?.status).toBe('ok');
    expect(workers?.detail).toMatch(/worker/);
    expect(JSON.stringify(health)).not.toMatch(/not built/);
  });
});
