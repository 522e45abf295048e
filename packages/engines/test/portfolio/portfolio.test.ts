import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIMATE_OUTLOOK, HAZARD_IDS, PORTFOLIO_INPUT_COLUMNS, portfolioResultRowSchema, portfolioSummarySchema, type PortfolioResultRow } from '@propguard/schemas';
import {
  assessPortfolioLoan,
  assessPortfolioLoans,
  assignSplits,
  buildHazardContext,
  buildSalesIndex,
  chunkIndexOfRow,
  detectDelimiter,
  fitValuationModel,
  lvrBandOf,
  mergeByRow,
  parseLoanRow,
  planChunks,
  planColumns,
  prepareRows,
  progressRate,
  summarisePortfolio,
  ValidationReportBuilder,
  VALUATION_GBM_PARAMS,
  type PortfolioEngineData,
} from '../../src/index.ts';
import { makeSyntheticSales } from '../valuation/synthetic-sales.ts';
import { emptyHazardData } from '../hazards/synthetic-data.ts';

const HEADER = [...PORTFOLIO_INPUT_COLUMNS, 'branch'];

describe('loan-book columns', () => {
  it('finds the delimiter outside quotes', () => {
    expect(detectDelimiter('loan_id,address,loan_amount')).toBe(',');
    expect(detectDelimiter('loan_id;address;loan_amount')).toBe(';');
    expect(detectDelimiter('loan_id\taddress\tloan_amount')).toBe('\t');
    expect(detectDelimiter('"a;b;c",x,y')).toBe(',');
  });

  it('maps own names, aliases and an explicit mapping; unknown columns pass through', () => {
    const plan = planColumns(['Account', 'Property Address', 'Balance', 'Rate', 'Branch'], { loan_id: 'Account' });
    expect(plan.problems).toEqual([]);
    expect(plan.mapping.find((entry) => entry.field === 'address')?.source).toBe('Property Address');
    expect(plan.mapping.find((entry) => entry.field === 'loan_amount')?.source).toBe('Balance');
    expect(plan.mapping.find((entry) => entry.field === 'interest_rate')?.source).toBe('Rate');
    expect(plan.unknownColumns).toEqual(['Branch']);
  });

  it('names the missing columns', () => {
    const plan = planColumns(['loan_id', 'suburb']);
    expect(plan.missingColumns).toEqual(['loan_amount', 'address (or lat and lng, or suburb and postcode)']);
    expect(plan.problems[0]).toMatch(/^missing columns: loan_amount/);
  });

  it('reads a row with the shared schema: "$650,000", P&I, OO; errors name the field', () => {
    const plan = planColumns(HEADER);
    const cells = HEADER.map((column) => ({ loan_id: 'L1', address: '1 Smith St', suburb: 'Carlton', state: 'vic', postcode: '3053', loan_amount: '$650,000', purpose: 'OO', repayment: 'P&I', interest_rate: '6.1', branch: 'B7' })[column as 'loan_id'] ?? '');
    const parsed = parseLoanRow(plan, cells);
    expect(parsed.loan).toMatchObject({ loan_id: 'L1', state: 'VIC', loan_amount: 650_000, purpose: 'owner_occupier', repayment: 'principal_and_interest', interest_rate: 6.1, branch: 'B7' });
    const bad = parseLoanRow(plan, cells.map((cell, index) => (HEADER[index] === 'loan_amount' ? 'lots' : cell)));
    expect(bad.loan).toBeNull();
    expect(bad.problems).toEqual([{ field: 'loan_amount', message: 'loan_amount must be a number of dollars' }]);
  });

  it('reports a file with no rows, or with another delimiter, as unable to run', () => {
    expect(new ValidationReportBuilder(planColumns(HEADER), ',').finish()).toMatchObject({ isValid: false, rows: 0, problems: ['the file has a header but no loans (0 rows)'] });
    expect(new ValidationReportBuilder(planColumns(['loan_id;address;loan_amount']), ';').finish().problems[0]).toMatch(/delimited by ";"/);
  });
});

describe('chunking and idempotency', () => {
  it('cuts rows into consecutive chunks that cover every row once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 700 }), (total, size) => {
        const chunks = planChunks(total, size);
        expect(chunks.length).toBe(Math.ceil(total / size));
        let next = 1;
        for (const chunk of chunks) {
          expect(chunk.fromRow).toBe(next);
          expect(chunk.toRow - chunk.fromRow + 1).toBeLessThanOrEqual(size);
          for (const row of [chunk.fromRow, chunk.toRow]) expect(chunkIndexOfRow(row, size)).toBe(chunk.index);
          next = chunk.toRow + 1;
        }
        expect(next).toBe(total + 1);
      }),
    );
    expect(planChunks(1001, 500).map((chunk) => [chunk.fromRow, chunk.toRow])).toEqual([[1, 500], [501, 1000], [1001, 1001]]);
    expect(() => planChunks(10, 0)).toThrow(RangeError);
  });

  it('writes by row: a chunk written twice, or chunks in any order, leave each loan exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 50 }), fc.array(fc.nat(), { maxLength: 40 }), (total, size, replays) => {
        const chunks = planChunks(total, size);
        let stored: Array<{ row: number; attempt: number }> = [];
        const order = [...chunks.map((chunk) => chunk.index), ...replays.map((pick) => pick % chunks.length)];
        order.forEach((index, attempt) => {
          const chunk = chunks[index]!;
          const written = Array.from({ length: chunk.toRow - chunk.fromRow + 1 }, (_, offset) => ({ row: chunk.fromRow + offset, attempt }));
          stored = mergeByRow(stored, written);
        });
        expect(stored.map((entry) => entry.row)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
      }),
    );
  });

  it('measures loans a second and time left', () => {
    // 1,000 loans in 2 s: 500/s; 3,000 left: 6 s.
    expect(progressRate(1000, 4000, 2)).toEqual({ loansPerSecond: 500, etaSeconds: 6 });
    expect(progressRate(0, 4000, 2)).toEqual({ loansPerSecond: null, etaSeconds: null });
    expect(progressRate(4000, 4000, 8).etaSeconds).toBe(0);
  });
});

describe('one loan and the summary', () => {
  let data: PortfolioEngineData;
  beforeAll(() => {
    const index = buildSalesIndex(makeSyntheticSales(2000));
    const rows = prepareRows(index, 13.5);
    const model = fitValuationModel(rows, assignSplits(rows.sales, 1, false), { id: 'test-model', params: { ...VALUATION_GBM_PARAMS, maxTrees: 40, maxLeaves: 16, minLeafRows: 10 } }).model;
    data = { model, index, hazards: buildHazardContext(emptyHazardData({})), outlook: CLIMATE_OUTLOOK };
  });

  const placed = (row: number, loanAmount: number) => ({
    row,
    input: { loan_id: `L${row}` },
    loanId: `L${row}`,
    loan: { loan_id: `L${row}`, loan_amount: loanAmount, purpose: 'investor' as const, interest_rate: 6.5, term_years: 30 },
    subject: { lat: -37.8, lng: 145.1, state: 'VIC', suburb: 'Eastville', postcode: '3100', propertyType: 'house', bedrooms: 3, bathrooms: 2, landSizeM2: 500, buildingSizeM2: 180, yearBuilt: 1990 },
    assumed: [],
    error: null,
  });

  it('assesses a loan with the valuation, hazards and lending engines: LVR = loan / estimate', () => {
    const result = portfolioResultRowSchema.parse(assessPortfolioLoan(placed(1, 800_000), data));
    expect(result.error).toBeNull();
    expect(result.lvr).toBeCloseTo(800_000 / result.estimate!, 4);
    expect(result.lvr_band).toBe(lvrBandOf(result.lvr!));
    expect(result.lmi_required).toBe(result.lvr! > 0.8);
    expect(result.rwa).toBe(Math.round(800_000 * result.risk_weight!));
    expect(result.levels.split(';').map((part) => part.split(':')[0])).toEqual([...HAZARD_IDS]);
    expect(result.note).toMatch(/repayment principal_and_interest/);
  });

  it('keeps a bad row as an error row, never a throw', () => {
    const result = assessPortfolioLoan({ ...placed(2, 1), loan: null, subject: null, error: 'loan_amount: must be a number' }, data);
    expect(result).toMatchObject({ row: 2, estimate: null, lvr: null, error: 'loan_amount: must be a number' });
  });

  it('assesses a chunk in phases with the same rows as one loan at a time; a loan that throws gets its error and the chunk goes on', () => {
    const chunk = [placed(1, 500_000), { ...placed(2, 1), loan: null, subject: null, error: 'loan_amount: must be a number' }, placed(3, 900_000)];
    expect(assessPortfolioLoans(chunk, data)).toEqual(chunk.map((loan) => assessPortfolioLoan(loan, data)));
    // A defect (not a bad row): a subject whose attributes make the valuation throw.
    const broken = { ...placed(4, 600_000), subject: { ...placed(4, 600_000).subject, get bedrooms(): number { throw new Error('corrupt subject'); } } };
    const rows = assessPortfolioLoans([placed(1, 500_000), broken, placed(3, 900_000)], data);
    expect(rows.map((row) => row.error)).toEqual([null, 'could not assess: corrupt subject', null]);
    expect(rows[2]!.estimate).toBeGreaterThan(0);
  });

  it('a larger loan on the same property never has a lower LVR or risk weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 2_000_000 }), fc.integer({ min: 1, max: 500_000 }), (amount, extra) => {
        const low = assessPortfolioLoan(placed(1, amount), data);
        const high = assessPortfolioLoan(placed(1, amount + extra), data);
        expect(high.lvr!).toBeGreaterThanOrEqual(low.lvr!);
        expect(high.risk_weight!).toBeGreaterThanOrEqual(low.risk_weight!);
      }),
      { numRuns: 30 },
    );
  });

  it('summarises: totals are sums of the rows, bands count every assessed loan, the riskiest come first', () => {
    const rows: PortfolioResultRow[] = [300_000, 700_000, 900_000, 1_200_000, 2_000_000].map((amount, index) => assessPortfolioLoan(placed(index + 1, amount), data));
    rows.push(assessPortfolioLoan({ ...placed(6, 1), loan: null, subject: null, error: 'bad row' }, data));
    const summary = portfolioSummarySchema.parse(summarisePortfolio(rows, { portfolioId: 'p1', state: 'completed', totalLoans: 6, outlook: CLIMATE_OUTLOOK }));
    const assessed = rows.filter((row) => row.error === null);
    expect(summary.loans).toEqual({ total: 6, assessed: 5, errors: 1 });
    expect(summary.totals.loanAmountAud).toBe(5_100_000);
    expect(summary.totals.riskWeightedAssetsAud).toBe(assessed.reduce((sum, row) => sum + row.rwa!, 0));
    expect(summary.totals.minimumCapitalAud).toBe(assessed.reduce((sum, row) => sum + row.minimum_capital!, 0));
    expect(summary.lvr.today.reduce((sum, band) => sum + band.loans, 0)).toBe(5);
    expect(summary.lmi.loans).toBe(assessed.filter((row) => row.lmi_required).length);
    expect(summary.riskiest.map((row) => row.row)[0]).toBe(5);
    expect(summary.suburbs[0]).toMatchObject({ suburb: 'Eastville', loans: 5, loanAmountAud: 5_100_000 });
    expect(summary.map.points).toHaveLength(5);
    expect(summary.isComplete).toBe(true);
  });
});
