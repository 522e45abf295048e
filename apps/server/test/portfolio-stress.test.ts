import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortfolio, insertPortfolioLoans, publishPortfolio, setPortfolioState, writeChunkResults } from '@propguard/db';
import { isInRegion } from '@propguard/engines';
import { errorResponseSchema, portfolioStressResponseSchema, type PortfolioResultRow } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

interface SaleRow {
  id: number;
  suburb: string;
  postcode: string | null;
  price_aud: number;
  lat: number;
  lng: number;
}

/**
 * A stored portfolio of 12 real Melbourne sales from the test database: the sale price stands in for
 * the run's valuation (the route is tested alone; e2e/portfolio.spec.ts runs the whole flow), loans
 * at 75% (even rows) and 85% (odd rows), incomes on every third loan, and one row the run could not assess.
 */
async function storePortfolio(testApp: TestApp, sales: SaleRow[], options: { workspaceId: string | null; state: 'completed' | 'running' }): Promise<string> {
  const id = randomUUID();
  const database = testApp.context.database;
  const at = new Date().toISOString();
  await createPortfolio(database, { id, workspaceId: options.workspaceId, name: 'Stress test book', source: 'json', executor: 'threads', columns: ['loan_id', 'suburb', 'postcode', 'Principal Outstanding', 'Income'], chunkSize: 500, scenario: 'high', year: 2050, createdAt: at });
  const loans = sales.map((sale, index) => {
    const loanAmount = Math.round(sale.price_aud * (index % 2 === 0 ? 0.75 : 0.85));
    // The file's own column names, as uploaded; `record` is the row read through the mapping.
    const input: Record<string, string> = { loan_id: `S${index + 1}`, suburb: sale.suburb, postcode: sale.postcode ?? '', 'Principal Outstanding': String(loanAmount), Income: index % 3 === 0 ? '180000' : '' };
    const record: Record<string, string> = { loan_id: `S${index + 1}`, suburb: sale.suburb, postcode: sale.postcode ?? '', loan_amount: String(loanAmount), gross_annual_income: index % 3 === 0 ? '180000' : '' };
    return { row: index + 1, loanId: `S${index + 1}`, input, record, inputError: null, loanAmount, sale };
  });
  const failed = { row: loans.length + 1, loanId: 'BAD', input: { loan_id: 'BAD', suburb: 'NOWHERE', postcode: '9999', 'Principal Outstanding': '500000', Income: '' }, record: null, inputError: 'address not found' };
  await insertPortfolioLoans(database, id, [...loans, failed]);
  const chunk = { index: 0, fromRow: 1, toRow: loans.length + 1 };
  await publishPortfolio(database, id, loans.length + 1, [chunk]);
  const empty = { low: null, high: null, fsd_pct: null, confidence: null, lvr_band: null, risk_weight: null, rwa: null, minimum_capital: null, lvr_2050: null, lvr_2050_band: null, coastal: 0, subsidence: 0, cyclone: 5, earthquake: 10, levels: '', hazard_level: 'Low' as const, levels_2050: '', hazard_score_2050: null, hazard_level_2050: null, note: null };
  const results: PortfolioResultRow[] = [
    ...loans.map((loan) => ({ ...empty, row: loan.row, loan_id: loan.loanId, input: loan.input, estimate: loan.sale.price_aud, lvr: loan.loanAmount / loan.sale.price_aud, lmi_required: loan.loanAmount > Math.round(loan.sale.price_aud * 0.8), flood: 20, fire: 5, lat: loan.sale.lat, lng: loan.sale.lng, suburb: loan.sale.suburb, state: 'VIC', loan_amount: loan.loanAmount, error: null })),
    { ...empty, row: failed.row, loan_id: 'BAD', input: failed.input, estimate: null, lvr: null, lmi_required: null, flood: null, fire: null, lat: null, lng: null, suburb: null, state: null, loan_amount: 500_000, error: 'address not found' },
  ];
  if (options.state === 'completed') {
    await writeChunkResults(database, id, chunk, results, at, 'test');
    await setPortfolioState(database, id, 'completed', { startedAt: at, finishedAt: at });
  } else {
    await setPortfolioState(database, id, 'running', { startedAt: at });
  }
  return id;
}

describe.skipIf(getApiSkipReason() !== null)('POST /api/portfolios/{id}/stress', () => {
  let testApp: TestApp;
  let sales: SaleRow[];
  let portfolioId: string;
  const stress = (id: string, payload: unknown) => testApp.app.inject({ method: 'POST', url: `/api/portfolios/${id}/stress`, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    testApp = await createTestApp();
    sales = await testApp.context.database.query<SaleRow>(
      `SELECT id, suburb, postcode, price_aud::float8 AS price_aud, lat, lng FROM sales WHERE state = 'VIC' AND price_aud > 300000 AND lat IS NOT NULL AND lng IS NOT NULL ORDER BY id LIMIT 12`,
    );
    expect(sales).toHaveLength(12);
    // The file's own workspace's book, its estimates numbers as a run writes them (PostgreSQL reads bigint as text).
    portfolioId = await storePortfolio(testApp, sales, { workspaceId: testApp.context.accounts.localWorkspaceId, state: 'completed' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('prices down 20% in Melbourne (a file with its own column names, read through its mapping): every loan above 80% LVR, the 85% loans above 100%, capital short, each figure traced', async () => {
    const response = await stress(portfolioId, { priceShock: { dropPct: 20, region: { kind: 'city', city: 'MELBOURNE' } } });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = portfolioStressResponseSchema.parse(response.json());
    const inMelbourne = sales.map((sale) => isInRegion({ state: 'VIC', lat: sale.lat, lng: sale.lng }, { kind: 'city', city: 'MELBOURNE' }));
    expect(result.loansHitByPriceShock).toBe(inMelbourne.filter(Boolean).length);
    expect(result.loansAssessed).toBe(12);
    expect(result.loansSkipped).toBe(1);
    expect(result.loansHitByPriceShock).toBeGreaterThan(0);
    // 75% / 0.8 = 93.75% (the even rows cross 80%) and 85% / 0.8 = 106.25% (the odd rows cross 100%).
    expect(result.figures.lvrAbove80.base).toBe(6);
    expect(result.figures.lvrAbove80.stressed).toBe(6 + inMelbourne.filter((isIn, index) => isIn && index % 2 === 0).length);
    expect(result.figures.lvrAbove100.base).toBe(0);
    expect(result.figures.lvrAbove100.stressed).toBe(inMelbourne.filter((isIn, index) => isIn && index % 2 === 1).length);
    expect(result.figures.capitalShortfallAud.stressed).toBeGreaterThan(0);
    expect(result.figures.serviceabilityFails.ofLoans).toBe(4);
    for (const figure of Object.values(result.figures)) expect(figure.trace.length).toBeGreaterThan(0);
    expect(result.mostAffected[0]?.trace[0]).toMatch(/^Price shock: \$[\d,]+ x \(1 - 20%\) = \$[\d,]+$/);
  });

  it('a bad scenario is a 400 naming the field; an empty one says what it needs', async () => {
    const badDrop = await stress(portfolioId, { priceShock: { dropPct: 15, region: { kind: 'national' } } });
    expect(badDrop.statusCode).toBe(400);
    expect(errorResponseSchema.parse(badDrop.json()).error.message).toContain('dropPct');
    const badCity = await stress(portfolioId, { hazardEvent: { event: 'flood_1pct_aep', region: { kind: 'city', city: 'GEELONG' } } });
    expect(badCity.statusCode).toBe(400);
    const empty = await stress(portfolioId, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('at least one of priceShock, rateShock or hazardEvent');
  });

  it('another workspace\'s portfolio and an unknown id are 404; a running one is 409', async () => {
    const others = await storePortfolio(testApp, sales.slice(0, 2), { workspaceId: `ws-${randomUUID()}`, state: 'completed' });
    expect((await stress(others, { rateShock: { risePp: 1 } })).statusCode).toBe(404);
    expect((await stress('no-such-portfolio', { rateShock: { risePp: 1 } })).statusCode).toBe(404);
    const running = await storePortfolio(testApp, sales.slice(0, 2), { workspaceId: testApp.context.accounts.localWorkspaceId, state: 'running' });
    const conflict = await stress(running, { rateShock: { risePp: 1 } });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toContain('running');
  });
});
