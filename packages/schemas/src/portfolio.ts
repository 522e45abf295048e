import { z } from 'zod';
import { HAZARD_IDS, climateScenarioSchema, hazardIdSchema, riskLevelSchema } from './hazards.ts';
import { loanPurposeSchema, repaymentTypeSchema } from './lending.ts';

/**
 * Portfolio revaluation (issue 15): a lender's loan book uploaded as a CSV (or JSON rows), valued
 * and assessed loan by loan (valuation, the six hazards today and in 2050 under high emissions,
 * the lending engine), and summarised. Money is whole AUD; LVRs are fractions (0.85 = 85%).
 *
 * Endpoints: POST /api/portfolios (upload), POST /api/portfolios/validate (the report without
 * storing), GET /api/portfolios, GET /api/portfolios/{id}, GET /api/portfolios/{id}/events (SSE),
 * GET /api/portfolios/{id}/results(.csv), GET /api/portfolios/{id}/summary,
 * POST /api/portfolios/{id}/cancel.
 */

/** The loan-book columns of issue 15, in the order the results CSV repeats them. */
export const PORTFOLIO_INPUT_COLUMNS = [
  'loan_id',
  'address',
  'suburb',
  'state',
  'postcode',
  'lat',
  'lng',
  'property_type',
  'bedrooms',
  'bathrooms',
  'car_spaces',
  'land_size',
  'building_size',
  'year_built',
  'loan_amount',
  'purpose',
  'repayment',
  'interest_rate',
  'term_years',
] as const;

/** Optional borrower columns the lending engine takes (financialImpactRequestSchema's fields), and the valuation date. */
export const PORTFOLIO_OPTIONAL_COLUMNS = [
  'gross_annual_income',
  'rental_income_annual',
  'other_debts',
  'other_debt_repayments_monthly',
  'living_expenses_monthly',
  'has_lmi',
  'interest_only_years',
  'date',
] as const;

export const PORTFOLIO_FIELDS = [...PORTFOLIO_INPUT_COLUMNS, ...PORTFOLIO_OPTIONAL_COLUMNS] as const;
export type PortfolioField = (typeof PORTFOLIO_FIELDS)[number];
export const portfolioFieldSchema = z.enum(PORTFOLIO_FIELDS);

/**
 * Columns a file must map: a loan id and the loan amount, plus a way to place the property (checked
 * separately: `address`, or `lat` and `lng`, or `suburb` and `postcode`).
 */
export const PORTFOLIO_REQUIRED_COLUMNS = ['loan_id', 'loan_amount'] as const satisfies readonly PortfolioField[];
export const PORTFOLIO_LOCATION_COLUMN_SETS = [['address'], ['lat', 'lng'], ['suburb', 'postcode']] as const satisfies ReadonlyArray<readonly PortfolioField[]>;

/** The columns appended to each loan in the results (issue 15, section 2), in this order. */
export const PORTFOLIO_OUTPUT_COLUMNS = [
  'estimate',
  'low',
  'high',
  'fsd_pct',
  'confidence',
  'lvr',
  'lmi_required',
  'risk_weight',
  'rwa',
  'lvr_2050',
  ...HAZARD_IDS,
  'levels',
  'error',
] as const;
export type PortfolioOutputColumn = (typeof PORTFOLIO_OUTPUT_COLUMNS)[number];

/** Upload limits: bigger files get 413, more rows get 400 (`propguard portfolio run` has no row limit). */
export const PORTFOLIO_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const PORTFOLIO_MAX_ROWS = 250_000;

const blankToUndefined = (value: unknown) => (value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);
const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  // Thousands separators and a leading $ are common in lenders' exports: "$650,000".
  return Number(blank.trim().replace(/^\$/, '').replaceAll(',', ''));
};
const optionalNumber = (schema: z.ZodNumber) => z.preprocess(toNumber, schema.optional());
const optionalText = (max: number) => z.preprocess((value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)), z.string().max(max).optional());

const PURPOSE_ALIASES: Readonly<Record<string, string>> = { oo: 'owner_occupier', owner: 'owner_occupier', owner_occupied: 'owner_occupier', ownerocc: 'owner_occupier', inv: 'investor', investment: 'investor' };
const REPAYMENT_ALIASES: Readonly<Record<string, string>> = { 'p&i': 'principal_and_interest', pi: 'principal_and_interest', p_and_i: 'principal_and_interest', principal_interest: 'principal_and_interest', io: 'interest_only' };
const normaliseWord = (aliases: Readonly<Record<string, string>>) => (value: unknown) => {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  const word = blank.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return aliases[word] ?? word;
};
const optionalBoolean = z.preprocess((value) => {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  const word = blank.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(word)) return true;
  if (['false', 'no', 'n', '0'].includes(word)) return false;
  return word;
}, z.boolean().optional());

/** An unknown column's value, passed through to the results unchanged. */
export const passThroughValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * One loan of the book, as a CSV row (every value a string) or a JSON row (numbers may be numbers).
 * Blank cells are absent; `loan_amount` accepts "$650,000". Columns other than the known ones pass
 * through to the results. Defaults for absent loan terms are DEFAULT_LOAN_ASSUMPTIONS (lending.ts).
 */
export const portfolioLoanInputSchema = z
  .object({
    loan_id: z.preprocess((value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value), z.string().min(1, 'loan_id is empty').max(100)),
    address: optionalText(300),
    suburb: optionalText(100),
    state: z.preprocess((value) => (typeof value === 'string' ? blankToUndefined(value.trim().toUpperCase()) : blankToUndefined(value)), z.enum(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']).optional()),
    postcode: z.preprocess((value) => (typeof value === 'number' ? String(value).padStart(4, '0') : typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)), z.string().regex(/^\d{4}$/, 'postcode must be 4 digits').optional()),
    lat: optionalNumber(z.number().min(-44).max(-9)),
    lng: optionalNumber(z.number().min(112).max(154)),
    property_type: optionalText(40),
    bedrooms: optionalNumber(z.number().int().min(0).max(50)),
    bathrooms: optionalNumber(z.number().int().min(0).max(50)),
    car_spaces: optionalNumber(z.number().int().min(0).max(50)),
    land_size: optionalNumber(z.number().min(0).max(10_000_000)),
    building_size: optionalNumber(z.number().min(0).max(100_000)),
    year_built: optionalNumber(z.number().int().min(1788).max(2100)),
    loan_amount: z.preprocess(toNumber, z.number({ error: (issue) => (issue.input === undefined ? 'loan_amount is required (AUD)' : 'loan_amount must be a number of dollars') }).int('loan_amount must be whole dollars').positive('loan_amount must be above 0').max(1_000_000_000)),
    purpose: z.preprocess(normaliseWord(PURPOSE_ALIASES), loanPurposeSchema.optional()),
    repayment: z.preprocess(normaliseWord(REPAYMENT_ALIASES), repaymentTypeSchema.optional()),
    interest_rate: optionalNumber(z.number().min(0).max(25)).describe('% a year, e.g. 6.2'),
    term_years: optionalNumber(z.number().int().min(1).max(40)),
    gross_annual_income: optionalNumber(z.number().int().min(0)),
    rental_income_annual: optionalNumber(z.number().int().min(0)),
    other_debts: optionalNumber(z.number().int().min(0)),
    other_debt_repayments_monthly: optionalNumber(z.number().int().min(0)),
    living_expenses_monthly: optionalNumber(z.number().int().min(0)),
    has_lmi: optionalBoolean,
    interest_only_years: optionalNumber(z.number().int().min(1).max(15)),
    date: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD').optional()).describe('Valuation date; default: the latest sale in the market'),
  })
  .catchall(passThroughValueSchema)
  .superRefine((row, context) => {
    const hasAddress = row.address !== undefined;
    const hasPoint = row.lat !== undefined && row.lng !== undefined;
    const hasLocality = row.suburb !== undefined && row.postcode !== undefined;
    if (!hasAddress && !hasPoint && !hasLocality) context.addIssue({ code: 'custom', path: ['address'], message: 'a loan needs an address, lat and lng, or suburb and postcode' });
    if ((row.lat === undefined) !== (row.lng === undefined)) context.addIssue({ code: 'custom', path: [row.lat === undefined ? 'lat' : 'lng'], message: 'give both lat and lng, or neither' });
  })
  .meta({ id: 'PortfolioLoanInput' });
export type PortfolioLoanInput = z.infer<typeof portfolioLoanInputSchema>;
export type PortfolioLoanInputRaw = z.input<typeof portfolioLoanInputSchema>;

/** LVR bands of the summary and the results filter (APS 112 (2023) Attachment A bands, to one decimal of a percent). */
export const PORTFOLIO_LVR_BANDS = ['up_to_60', '60_to_80', '80_to_90', '90_to_100', 'over_100'] as const;
export const portfolioLvrBandSchema = z.enum(PORTFOLIO_LVR_BANDS);
export type PortfolioLvrBand = z.infer<typeof portfolioLvrBandSchema>;
export const PORTFOLIO_LVR_BAND_LABELS: Readonly<Record<PortfolioLvrBand, string>> = {
  up_to_60: 'LVR at or below 60%',
  '60_to_80': 'LVR 60-80%',
  '80_to_90': 'LVR 80-90%',
  '90_to_100': 'LVR 90-100%',
  over_100: 'LVR above 100%',
};

/**
 * One loan's result: the input row as uploaded (`input`, every column as text, in the upload's
 * column order `columns` of the status), then issue 15's output columns, then fields the screen
 * uses (place, capital, the highest hazard level). A loan that could not be assessed has `error`
 * and nulls (never invented figures).
 */
export const portfolioResultRowSchema = z
  .object({
    row: z.number().int().min(1).describe('1-based position of the loan in the upload'),
    loan_id: z.string(),
    input: z.record(z.string(), z.string()).describe('The uploaded row, column -> text (unknown columns included)'),
    estimate: z.number().int().nullable().describe('Valuation, AUD'),
    low: z.number().int().nullable().describe('80% range, lower end'),
    high: z.number().int().nullable().describe('80% range, upper end'),
    fsd_pct: z.number().nullable().describe('Forecast standard deviation of the valuation, % (estimate ± 1 FSD holds about 68% of sales)'),
    confidence: z.number().nullable().describe('0-100 (the valuation engine\'s confidence score)'),
    lvr: z.number().nullable().describe('Loan amount / estimate'),
    lvr_band: portfolioLvrBandSchema.nullable(),
    lmi_required: z.boolean().nullable(),
    risk_weight: z.number().nullable().describe('APS 112 risk weight applied (fraction)'),
    rwa: z.number().int().nullable().describe('Risk-weighted assets, AUD'),
    minimum_capital: z.number().int().nullable().describe('Minimum capital for the loan, AUD'),
    lvr_2050: z.number().nullable().describe('LVR on the 2050 high-emissions climate-adjusted value'),
    lvr_2050_band: portfolioLvrBandSchema.nullable(),
    flood: z.number().int().nullable().describe('Hazard score 0-100 today; null: no data'),
    fire: z.number().int().nullable(),
    coastal: z.number().int().nullable(),
    subsidence: z.number().int().nullable(),
    cyclone: z.number().int().nullable(),
    earthquake: z.number().int().nullable(),
    levels: z.string().describe('Each hazard\'s level today, e.g. "flood:High;fire:Low;...;earthquake:no data"'),
    hazard_level: riskLevelSchema.nullable().describe('Highest level of the six hazards today'),
    levels_2050: z.string().describe('Each hazard\'s level at the outlook (2050, high emissions), same form as `levels`'),
    hazard_score_2050: z.number().int().nullable().describe('Highest of the six scores in 2050 under high emissions'),
    hazard_level_2050: riskLevelSchema.nullable(),
    lat: z.number().nullable().describe('Where the property was placed'),
    lng: z.number().nullable(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    loan_amount: z.number().int().nullable(),
    note: z.string().nullable().describe('What was assumed (valuation date, property type, loan terms)'),
    error: z.string().nullable(),
  })
  .meta({ id: 'PortfolioResultRow' });
export type PortfolioResultRow = z.infer<typeof portfolioResultRowSchema>;

/**
 * A portfolio job's states, the values of `portfolios.state` (the database checks them):
 * - `loading`: its upload is still writing the loans (in batches). Hidden: never listed, shown or
 *   run; `publishPortfolio` makes it `queued` once every loan is stored, and a failed upload is
 *   deleted, so nothing half-stored is ever seen;
 * - `queued` -> `running` (its first chunk started) -> `completed` (every chunk done), `failed`
 *   (a chunk failed after its retries, or the queue refused the job) or `cancelled` (by the user).
 */
export const PORTFOLIO_STATES = ['loading', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const portfolioStateSchema = z.enum(PORTFOLIO_STATES);
export type PortfolioState = z.infer<typeof portfolioStateSchema>;

/** The states a user (and the API) sees: every one but `loading`. */
export const VISIBLE_PORTFOLIO_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const satisfies readonly PortfolioState[];
export const visiblePortfolioStateSchema = z.enum(VISIBLE_PORTFOLIO_STATES);
export type VisiblePortfolioState = z.infer<typeof visiblePortfolioStateSchema>;

/** States of a job that still has work to run (what an executor takes up). */
export const OPEN_PORTFOLIO_STATES = ['queued', 'running'] as const satisfies readonly VisiblePortfolioState[];
/** Final states: nothing more runs and the state never changes again. */
export const FINISHED_PORTFOLIO_STATES = ['completed', 'failed', 'cancelled'] as const satisfies readonly VisiblePortfolioState[];
export type FinishedPortfolioState = (typeof FINISHED_PORTFOLIO_STATES)[number];

/** Whether a portfolio job is over (completed, failed or cancelled). */
export function isPortfolioFinished(state: PortfolioState): state is FinishedPortfolioState {
  return (FINISHED_PORTFOLIO_STATES as readonly PortfolioState[]).includes(state);
}

/** Whether a portfolio is shown to users (not `loading`). */
export function isPortfolioVisible(state: PortfolioState): state is VisiblePortfolioState {
  return (VISIBLE_PORTFOLIO_STATES as readonly PortfolioState[]).includes(state);
}

/**
 * A chunk's states (`portfolio_chunks.state`, checked by the database): `queued` -> `running`
 * (claimed by a worker, counted as an attempt) -> `done` (results written) or `failed` (its retries
 * used up). A `running` chunk whose worker died is run again by the next executor, and so is a
 * `failed` one when its portfolio is taken up again unfinished (after a restart).
 */
export const PORTFOLIO_CHUNK_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const portfolioChunkStateSchema = z.enum(PORTFOLIO_CHUNK_STATES);
export type PortfolioChunkState = z.infer<typeof portfolioChunkStateSchema>;
export const FINISHED_PORTFOLIO_CHUNK_STATES = ['done', 'failed'] as const satisfies readonly PortfolioChunkState[];

/** Whether a chunk is over (done or failed). */
export function isChunkFinished(state: PortfolioChunkState): state is (typeof FINISHED_PORTFOLIO_CHUNK_STATES)[number] {
  return (FINISHED_PORTFOLIO_CHUNK_STATES as readonly PortfolioChunkState[]).includes(state);
}

export const PORTFOLIO_SOURCES = ['csv', 'json', 'cli', 'bulk-analysis', 'distributed-valuation'] as const;
export const portfolioSourceSchema = z.enum(PORTFOLIO_SOURCES);

/** A portfolio job's status (GET /api/portfolios/{id}; also each SSE progress event's `portfolio`). */
export const portfolioStatusSchema = z
  .object({
    id: z.string().describe('Portfolio (job) id, a UUID'),
    name: z.string(),
    source: portfolioSourceSchema,
    state: visiblePortfolioStateSchema,
    executor: z.enum(['threads', 'queue']).describe('threads: worker threads in the server or CLI (embedded database); queue: pg-boss on PostgreSQL, run by `propguard worker` processes'),
    columns: z.array(z.string()).describe('The upload\'s columns in order (the results CSV repeats them)'),
    loans: z.object({ total: z.number().int(), done: z.number().int().describe('Assessed or failed'), errors: z.number().int().describe('Loans with an error') }),
    chunks: z.object({ total: z.number().int(), done: z.number().int(), size: z.number().int() }),
    loansPerSecond: z.number().nullable().describe('Since the first chunk started; null before'),
    etaSeconds: z.number().nullable().describe('At the current rate; null when unknown or finished'),
    outlook: z.object({ scenario: climateScenarioSchema, year: z.number().int() }).describe('The climate outlook of lvr_2050 and the 2050 hazards'),
    message: z.string().nullable().describe('Why a job failed or was cancelled'),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'PortfolioStatus' });
export type PortfolioStatus = z.infer<typeof portfolioStatusSchema>;

export const portfolioStatusResponseSchema = z.object({ success: z.literal(true), portfolio: portfolioStatusSchema }).meta({ id: 'PortfolioStatusResponse' });
export type PortfolioStatusResponse = z.infer<typeof portfolioStatusResponseSchema>;

export const portfolioListResponseSchema = z.object({ success: z.literal(true), portfolios: z.array(portfolioStatusSchema).describe('Newest first') }).meta({ id: 'PortfolioListResponse' });
export type PortfolioListResponse = z.infer<typeof portfolioListResponseSchema>;

/**
 * GET /api/portfolios/{id}/events: Server-Sent Events. Each `progress` event's data is this JSON;
 * the stream sends one at once, one per change (at most a few a second) and ends after the event
 * whose state is completed, failed or cancelled (event name `done`).
 */
export const portfolioProgressEventSchema = z
  .object({
    id: z.string(),
    state: visiblePortfolioStateSchema,
    loansTotal: z.number().int(),
    loansDone: z.number().int(),
    loansErrors: z.number().int(),
    fraction: z.number().min(0).max(1).describe('loansDone / loansTotal (0 when the total is 0)'),
    loansPerSecond: z.number().nullable(),
    etaSeconds: z.number().nullable(),
    at: z.string().describe('When this event was read (ISO time)'),
  })
  .meta({ id: 'PortfolioProgressEvent' });
export type PortfolioProgressEvent = z.infer<typeof portfolioProgressEventSchema>;

/**
 * A job's status as a progress event at `at` (ISO time): what the SSE stream sends and what the
 * screen shows for a job already finished when it opens.
 * @example progressEventOf(status, new Date().toISOString()).fraction // loans done over total, 0 to 1
 */
export function progressEventOf(status: PortfolioStatus, at: string): PortfolioProgressEvent {
  return {
    id: status.id,
    state: status.state,
    loansTotal: status.loans.total,
    loansDone: status.loans.done,
    loansErrors: status.loans.errors,
    fraction: status.loans.total > 0 ? Math.min(1, status.loans.done / status.loans.total) : 0,
    loansPerSecond: status.loansPerSecond,
    etaSeconds: status.etaSeconds,
    at,
  };
}

/** Sortable columns of the results. */
export const PORTFOLIO_SORT_COLUMNS = ['row', 'loan_id', 'estimate', 'loan_amount', 'lvr', 'lvr_2050', 'rwa', 'confidence', ...HAZARD_IDS, 'hazard_score_2050'] as const;
export const portfolioSortColumnSchema = z.enum(PORTFOLIO_SORT_COLUMNS);

/** GET /api/portfolios/{id}/results query. */
export const portfolioResultsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
    sort: portfolioSortColumnSchema.default('row'),
    order: z.enum(['asc', 'desc']).default('asc').describe('Loans without the figure sort last either way'),
    lvrBand: portfolioLvrBandSchema.optional().describe("Today's LVR band"),
    lvr2050Band: portfolioLvrBandSchema.optional(),
    hazard: hazardIdSchema.optional().describe('With hazardLevel: that hazard\'s level today; without: any hazard'),
    hazardLevel: riskLevelSchema.optional().describe('Loans whose hazard (or highest hazard) is at this level today'),
    errors: z.enum(['include', 'only', 'exclude']).default('include'),
  });
export type PortfolioResultsQuery = z.infer<typeof portfolioResultsQuerySchema>;
export type PortfolioResultsQueryInput = z.input<typeof portfolioResultsQuerySchema>;

export const portfolioResultsPageSchema = z
  .object({
    success: z.literal(true),
    portfolioId: z.string(),
    columns: z.array(z.string()).describe('The upload\'s columns (keys of each row\'s input)'),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().describe('Loans matching the filters'),
    pages: z.number().int(),
    rows: z.array(portfolioResultRowSchema),
  })
  .meta({ id: 'PortfolioResultsPage' });
export type PortfolioResultsPage = z.infer<typeof portfolioResultsPageSchema>;

const exposureSchema = z.object({ loans: z.number().int(), loanAmountAud: z.number().int(), valuationAud: z.number().int() });

export const portfolioLvrDistributionSchema = z.array(exposureSchema.extend({ band: portfolioLvrBandSchema, label: z.string() })).length(PORTFOLIO_LVR_BANDS.length);

/** A map point: one loan with coordinates. */
export const portfolioMapPointSchema = z.object({
  row: z.number().int(),
  loanId: z.string(),
  lat: z.number(),
  lng: z.number(),
  loanAmountAud: z.number().int(),
  lvr: z.number(),
  hazardLevel: riskLevelSchema.nullable(),
  hazardScore: z.number().int().nullable().describe('Highest hazard score today'),
});

/** GET /api/portfolios/{id}/summary: the book's risk summary, computed from the stored results. */
export const portfolioSummarySchema = z
  .object({
    portfolioId: z.string(),
    state: visiblePortfolioStateSchema,
    isComplete: z.boolean().describe('False while loans are still running: the figures cover the loans done so far'),
    outlook: z.object({ scenario: climateScenarioSchema, year: z.number().int() }),
    loans: z.object({ total: z.number().int(), assessed: z.number().int(), errors: z.number().int() }),
    totals: z.object({
      loanAmountAud: z.number().int(),
      valuationAud: z.number().int(),
      riskWeightedAssetsAud: z.number().int(),
      minimumCapitalAud: z.number().int(),
      averageLvr: z.number().nullable().describe('Loan-weighted: total loans / total valuations'),
      averageLvr2050: z.number().nullable(),
    }),
    lvr: z.object({ today: portfolioLvrDistributionSchema, in2050: portfolioLvrDistributionSchema.describe('On the climate-adjusted values; loans without 2050 hazards are left out') }),
    lmi: z.object({ loans: z.number().int().describe('Loans above 80% LVR (LMI required)'), loanAmountAud: z.number().int(), share: z.number().nullable().describe('Of the assessed loans') }),
    above80In2050: z.object({ loans: z.number().int(), newlyAbove: z.number().int().describe('At or below 80% today, above in 2050') }),
    hazards: z
      .array(
        z.object({
          hazard: hazardIdSchema,
          levels: z.object({ High: exposureSchema, Medium: exposureSchema, Low: exposureSchema, noData: exposureSchema }),
          high2050: exposureSchema.describe('Loans at High for this hazard in 2050'),
        }),
      )
      .length(HAZARD_IDS.length),
    byHazardLevel: z.object({ High: exposureSchema, Medium: exposureSchema, Low: exposureSchema, noData: exposureSchema }).describe('By each loan\'s highest hazard level today'),
    suburbs: z
      .array(exposureSchema.extend({ suburb: z.string(), state: z.string().nullable(), averageLvr: z.number().nullable(), highHazardLoans: z.number().int() }))
      .describe('The 50 suburbs with the most lending, largest first'),
    riskiest: z.array(portfolioResultRowSchema).max(20).describe('The 20 riskiest loans: highest 2050 LVR, then highest hazard score'),
    riskiestRule: z.string(),
    map: z.object({ points: z.array(portfolioMapPointSchema), total: z.number().int().describe('Loans with coordinates'), isTruncated: z.boolean().describe('Points are the largest loans when more than the limit') }),
  })
  .meta({ id: 'PortfolioSummary' });
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

export const portfolioSummaryResponseSchema = z.object({ success: z.literal(true), summary: portfolioSummarySchema }).meta({ id: 'PortfolioSummaryResponse' });
export type PortfolioSummaryResponse = z.infer<typeof portfolioSummaryResponseSchema>;

/** How each of our fields was found in the upload's header. */
export const portfolioColumnMappingSchema = z.array(
  z.object({
    field: portfolioFieldSchema,
    source: z.string().nullable().describe('The upload\'s column; null when absent'),
    isRequired: z.boolean(),
  }),
);

/** Row problems found before running: the row still runs and gets this as its error. */
export const portfolioRowErrorSchema = z.object({ row: z.number().int().describe('1-based loan row'), loan_id: z.string().nullable(), field: z.string(), message: z.string() });

/**
 * The upload check (POST /api/portfolios/validate, and `validation` of the upload's answer): the
 * delimiter found, the column mapping, columns missing, unknown columns (passed through), row errors
 * (the first 100; `rowErrorCount` counts all) and the first rows as a preview.
 */
export const portfolioValidationReportSchema = z
  .object({
    isValid: z.boolean().describe('False: the file cannot run (missing columns, no rows, wrong delimiter); row errors alone do not stop it'),
    delimiter: z.string().describe('"," expected'),
    header: z.array(z.string()),
    mapping: portfolioColumnMappingSchema,
    missingColumns: z.array(z.string()).describe('Required fields without a column'),
    unknownColumns: z.array(z.string()).describe('Passed through to the results unchanged'),
    rows: z.number().int(),
    rowErrorCount: z.number().int(),
    rowErrors: z.array(portfolioRowErrorSchema).max(100),
    preview: z.array(z.record(z.string(), z.string())).max(10).describe('The first rows as read'),
    problems: z.array(z.string()).describe('Why the file cannot run, in words'),
  })
  .meta({ id: 'PortfolioValidationReport' });
export type PortfolioValidationReport = z.infer<typeof portfolioValidationReportSchema>;

export const portfolioValidationResponseSchema = z.object({ success: z.literal(true), validation: portfolioValidationReportSchema }).meta({ id: 'PortfolioValidationResponse' });

/**
 * A column mapping sent with an upload: our field -> the upload's column name (e.g.
 * {"loan_amount": "Balance"}); fields left out are matched by name.
 */
export const portfolioMappingSchema = z.partialRecord(portfolioFieldSchema, z.string().min(1).max(200));
export type PortfolioMapping = z.infer<typeof portfolioMappingSchema>;

/** POST /api/portfolios as JSON (a CSV goes as multipart `file` or a text/csv body with ?name=&mapping=). */
export const portfolioJsonUploadSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    rows: z.array(z.record(z.string(), passThroughValueSchema)).min(1, 'rows is empty: a portfolio needs at least one loan').max(PORTFOLIO_MAX_ROWS),
    mapping: portfolioMappingSchema.optional(),
  })
  .meta({ id: 'PortfolioJsonUpload' });
export type PortfolioJsonUpload = z.infer<typeof portfolioJsonUploadSchema>;

/** 202 answer of an accepted upload: the job, queued, and the check of the file. */
export const portfolioCreatedResponseSchema = z
  .object({ success: z.literal(true), portfolio: portfolioStatusSchema, validation: portfolioValidationReportSchema })
  .meta({ id: 'PortfolioCreatedResponse' });
export type PortfolioCreatedResponse = z.infer<typeof portfolioCreatedResponseSchema>;

/** A worker seen by the job system (`/api/xnode/xnode-health`): a thread of the server or a `propguard worker` process. */
export const portfolioWorkerSchema = z
  .object({
    id: z.string(),
    host: z.string(),
    pid: z.number().int(),
    kind: z.enum(['threads', 'process']),
    threads: z.number().int(),
    chunksDone: z.number().int(),
    loansDone: z.number().int(),
    startedAt: z.string(),
    lastHeartbeat: z.string(),
    isAlive: z.boolean().describe('A heartbeat within the last 30 s'),
  })
  .meta({ id: 'PortfolioWorker' });
export type PortfolioWorker = z.infer<typeof portfolioWorkerSchema>;

export const portfolioParamsSchema = z.object({ id: z.string().min(1).max(100).describe('Portfolio id') });

/** Query of a text/csv upload (POST /api/portfolios and /validate): the name and the column mapping as JSON. */
export const portfolioUploadQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  mapping: z.string().max(10_000).optional().describe('JSON object: our field -> your column name, e.g. {"loan_amount":"Balance"}'),
});

/** The workers of the portfolio job system (part of `/api/xnode/xnode-health`'s figures, and GET /api/portfolios/workers). */
export const portfolioWorkersResponseSchema = z
  .object({ success: z.literal(true), executor: z.enum(['threads', 'queue']), workers: z.array(portfolioWorkerSchema) })
  .meta({ id: 'PortfolioWorkersResponse' });
export type PortfolioWorkersResponse = z.infer<typeof portfolioWorkersResponseSchema>;

/** The APRA Compliance tab's portfolio distribution from the newest completed portfolio (GET /api/portfolios/latest/summary). */
export const latestPortfolioSummaryResponseSchema = z
  .object({ success: z.literal(true), summary: portfolioSummarySchema.nullable().describe('Null: no completed portfolio in this workspace yet') })
  .meta({ id: 'LatestPortfolioSummaryResponse' });
export type LatestPortfolioSummaryResponse = z.infer<typeof latestPortfolioSummaryResponseSchema>;

/** The answer of the job-starting compat calls (bulk analysis, distributed valuation): the queued portfolio and where to follow it. */
export const portfolioJobStartedSchema = z
  .object({
    success: z.literal(true),
    job_id: z.string().describe('The portfolio id'),
    status: visiblePortfolioStateSchema,
    loans: z.number().int(),
    missing: z.array(z.string()).describe('Ids that name nothing we know (left out)'),
    status_url: z.string(),
    events_url: z.string(),
    results_url: z.string(),
    summary_url: z.string(),
    note: z.string().describe('What loan each property was assessed with'),
    portfolio: portfolioStatusSchema,
  })
  .meta({ id: 'PortfolioJobStarted' });
export type PortfolioJobStarted = z.infer<typeof portfolioJobStartedSchema>;

/** SPEC.md's POST /api/realty/bulk-analysis {listing_ids}: every listing valued and assessed as one portfolio job. */
export const bulkAnalysisRequestSchema = z
  .object({ listing_ids: z.array(z.string().min(1).max(40)).min(1, 'listing_ids is empty').max(10_000).describe('Listing ids, e.g. "sale-123"') })
  .meta({ id: 'BulkAnalysisRequest' });

const xnodePropertySchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    address: z.string().max(300).optional(),
    suburb: z.string().max(100).optional(),
    state: z.string().max(3).optional(),
    postcode: z.string().max(4).optional(),
    lat: z.number().optional(),
    lng: z.number().optional(),
    property_type: z.string().max(40).optional(),
    bedrooms: z.number().optional(),
    bathrooms: z.number().optional(),
    loan_amount: z.number().int().positive().optional(),
    valuation: z.number().positive().optional(),
    current_valuation: z.number().positive().optional(),
  })
  .catchall(z.unknown());

/** SPEC.md's POST /api/xnode/distributed-valuation {property_data, comparables, risk_data, market_factors}: the properties run as a portfolio job (comparables, risk and market data are ours, computed). */
export const distributedValuationRequestSchema = z
  .object({
    property_data: z.union([xnodePropertySchema, z.array(xnodePropertySchema).min(1).max(10_000)]),
    comparables: z.unknown().optional(),
    risk_data: z.unknown().optional(),
    market_factors: z.unknown().optional(),
  })
  .meta({ id: 'DistributedValuationRequest' });
