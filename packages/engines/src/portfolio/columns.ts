/**
 * Loan-book uploads (issue 15): the delimiter, the header -> field mapping, row parsing with the
 * shared schema, and the validation report shown before a job runs. Pure: text and rows in,
 * mapping and report out.
 */
import {
  PORTFOLIO_FIELDS,
  PORTFOLIO_LOCATION_COLUMN_SETS,
  PORTFOLIO_REQUIRED_COLUMNS,
  portfolioLoanInputSchema,
  type PortfolioField,
  type PortfolioLoanInput,
  type PortfolioMapping,
  type PortfolioValidationReport,
} from '@propguard/schemas';

/** Column names lenders' systems use for our fields (normalised: lower case, runs of other characters as "_"). */
const FIELD_ALIASES: Readonly<Record<PortfolioField, readonly string[]>> = {
  loan_id: ['loan_id', 'loan', 'loan_no', 'loan_number', 'account', 'account_id', 'account_number', 'id'],
  address: ['address', 'property_address', 'security_address', 'street_address'],
  suburb: ['suburb', 'locality', 'town'],
  state: ['state', 'state_code'],
  postcode: ['postcode', 'post_code', 'postal_code', 'zip'],
  lat: ['lat', 'latitude'],
  lng: ['lng', 'lon', 'long', 'longitude'],
  property_type: ['property_type', 'type', 'dwelling_type', 'security_type'],
  bedrooms: ['bedrooms', 'beds', 'bedroom'],
  bathrooms: ['bathrooms', 'baths', 'bathroom'],
  car_spaces: ['car_spaces', 'cars', 'car', 'parking', 'carspaces'],
  land_size: ['land_size', 'land_area', 'land_size_m2', 'landsize'],
  building_size: ['building_size', 'building_area', 'floor_area', 'building_size_m2'],
  year_built: ['year_built', 'yearbuilt', 'built'],
  loan_amount: ['loan_amount', 'balance', 'loan_balance', 'current_balance', 'limit', 'amount', 'exposure'],
  purpose: ['purpose', 'loan_purpose', 'occupancy'],
  repayment: ['repayment', 'repayment_type', 'repayments'],
  interest_rate: ['interest_rate', 'rate', 'interest_rate_pct', 'rate_pct'],
  term_years: ['term_years', 'term', 'loan_term', 'remaining_term_years'],
  gross_annual_income: ['gross_annual_income', 'income', 'gross_income', 'annual_income'],
  rental_income_annual: ['rental_income_annual', 'rental_income', 'rent_annual'],
  other_debts: ['other_debts', 'debts'],
  other_debt_repayments_monthly: ['other_debt_repayments_monthly', 'other_repayments_monthly'],
  living_expenses_monthly: ['living_expenses_monthly', 'living_expenses', 'expenses_monthly'],
  has_lmi: ['has_lmi', 'lmi', 'lmi_held'],
  interest_only_years: ['interest_only_years', 'io_years', 'io_period_years'],
  date: ['date', 'valuation_date', 'as_at'],
};

/** Lower case, runs of anything but letters and digits as one "_", trimmed of "_". */
export function normaliseColumnName(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a CSV's first line: the candidate (comma, semicolon, tab, bar) seen most often
 * outside quotes; a comma when none is seen.
 * @example detectDelimiter('loan_id;address;loan_amount') // ';'
 */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(CANDIDATE_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let inQuotes = false;
  for (const char of firstLine) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** How the upload's header maps onto our fields. */
export interface ColumnPlan {
  header: string[];
  /** Field -> index in the header (absent: not in the file). */
  fieldIndex: Map<PortfolioField, number>;
  mapping: PortfolioValidationReport['mapping'];
  missingColumns: string[];
  unknownColumns: string[];
  /** Why the file cannot run (missing columns, a bad mapping, a duplicate column), in words. */
  problems: string[];
}

/**
 * Maps a header onto our fields: an explicit `mapping` (field -> column name) first, then the
 * field's own name, then its aliases. Columns left over pass through. Required: loan_id,
 * loan_amount, and one way to place the property (address, lat+lng, or suburb+postcode).
 */
export function planColumns(header: readonly string[], mapping: PortfolioMapping = {}): ColumnPlan {
  const trimmed = header.map((name) => name.replace(/^\uFEFF/, '').trim());
  const normalised = trimmed.map(normaliseColumnName);
  const problems: string[] = [];
  const fieldIndex = new Map<PortfolioField, number>();
  const used = new Set<number>();
  const seen = new Map<string, number>();
  normalised.forEach((name, index) => {
    if (name === '') return;
    if (seen.has(name)) {
      if (problems.length < 5) problems.push(`the column "${trimmed[index]!.slice(0, 40)}" appears twice`);
    }
    else seen.set(name, index);
  });
  for (const [field, source] of Object.entries(mapping) as Array<[PortfolioField, string]>) {
    const index = trimmed.indexOf(source.trim()) >= 0 ? trimmed.indexOf(source.trim()) : normalised.indexOf(normaliseColumnName(source));
    if (index < 0) problems.push(`the mapping names the column "${source}" for ${field}, but the file has no such column`);
    else if (used.has(index)) problems.push(`the column "${source}" is mapped to two fields`);
    else {
      fieldIndex.set(field, index);
      used.add(index);
    }
  }
  // Own names first for every field, then aliases, so "rate" never takes a column another field owns by name.
  for (const pass of ['own', 'alias'] as const) {
    for (const field of PORTFOLIO_FIELDS) {
      if (fieldIndex.has(field)) continue;
      const names = pass === 'own' ? [field] : FIELD_ALIASES[field];
      for (const name of names) {
        const index = normalised.indexOf(name);
        if (index >= 0 && !used.has(index)) {
          fieldIndex.set(field, index);
          used.add(index);
          break;
        }
      }
    }
  }
  const missingColumns: string[] = PORTFOLIO_REQUIRED_COLUMNS.filter((field) => !fieldIndex.has(field));
  const canPlace = PORTFOLIO_LOCATION_COLUMN_SETS.some((set) => set.every((field) => fieldIndex.has(field)));
  if (!canPlace) missingColumns.push('address (or lat and lng, or suburb and postcode)');
  const found = trimmed.filter(Boolean);
  if (missingColumns.length > 0) problems.push(`missing columns: ${missingColumns.join(', ')} (found: ${found.slice(0, 20).map((name) => name.slice(0, 40)).join(', ') || 'none'}${found.length > 20 ? `, and ${found.length - 20} more` : ''})`);
  const requiredFields = new Set<string>(PORTFOLIO_REQUIRED_COLUMNS);
  return {
    header: trimmed,
    fieldIndex,
    mapping: PORTFOLIO_FIELDS.map((field) => ({ field, source: fieldIndex.has(field) ? trimmed[fieldIndex.get(field)!]! : null, isRequired: requiredFields.has(field) })),
    missingColumns,
    unknownColumns: trimmed.filter((name, index) => name !== '' && !used.has(index)),
    problems,
  };
}

/** The row as uploaded, column name -> text (every column, in the header's order). */
export function rowInput(plan: ColumnPlan, cells: readonly string[]): Record<string, string> {
  const input: Record<string, string> = {};
  plan.header.forEach((name, index) => {
    input[name || `column_${index + 1}`] = cells[index] ?? '';
  });
  return input;
}

export interface RowProblem {
  field: string;
  message: string;
}

export type ParsedLoanRow = { loan: PortfolioLoanInput; problems: [] } | { loan: null; loanId: string | null; problems: RowProblem[] };

/** The row keyed by our field names (mapped columns) plus the unknown columns under their own names, as text. */
export function mappedRecord(plan: ColumnPlan, cells: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  plan.header.forEach((name, index) => {
    if (name !== '') record[name] = cells[index] ?? '';
  });
  for (const [field, index] of plan.fieldIndex) {
    if (plan.header[index] !== field) delete record[plan.header[index]!];
    record[field] = cells[index] ?? '';
  }
  return record;
}

/**
 * One row read through the mapping and checked with the shared schema (portfolioLoanInputSchema).
 * Unknown columns pass through under their own names.
 */
export function parseLoanRow(plan: ColumnPlan, cells: readonly string[]): ParsedLoanRow {
  return parseLoanRecord(mappedRecord(plan, cells));
}

/** A row already keyed by our field names (JSON uploads), checked with the shared schema. */
export function parseLoanRecord(record: Record<string, unknown>): ParsedLoanRow {
  const parsed = portfolioLoanInputSchema.safeParse(record);
  if (parsed.success) return { loan: parsed.data, problems: [] };
  const loanId = typeof record.loan_id === 'string' && record.loan_id.trim() !== '' ? record.loan_id.trim() : typeof record.loan_id === 'number' ? String(record.loan_id) : null;
  return { loan: null, loanId, problems: parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'row'), message: issue.message })) };
}

/** The problems of a row in one line, as the results' `error` column shows them. */
export function describeRowProblems(problems: readonly RowProblem[]): string {
  return problems.map((problem) => (problem.message.startsWith(problem.field) ? problem.message : `${problem.field}: ${problem.message}`)).join('; ');
}

const MAX_LISTED_ROW_ERRORS = 100;
const PREVIEW_ROWS = 5;

/** Builds the validation report row by row (memory stays flat: only the first errors and rows are kept). */
export class ValidationReportBuilder {
  private rows = 0;
  private rowErrorCount = 0;
  private readonly rowErrors: PortfolioValidationReport['rowErrors'] = [];
  private readonly preview: Array<Record<string, string>> = [];
  private readonly problems: string[];

  constructor(
    private readonly plan: ColumnPlan,
    private readonly delimiter: string,
  ) {
    this.problems = [...plan.problems];
  }

  /** Records one data row (1-based `row`); returns its parse. */
  add(row: number, cells: readonly string[]): ParsedLoanRow {
    this.rows += 1;
    if (this.preview.length < PREVIEW_ROWS) this.preview.push(rowInput(this.plan, cells));
    const parsed = parseLoanRow(this.plan, cells);
    if (parsed.loan === null) this.recordProblems(row, parsed.loanId, parsed.problems);
    return parsed;
  }

  recordProblems(row: number, loanId: string | null, problems: readonly RowProblem[]): void {
    this.rowErrorCount += 1;
    for (const problem of problems) if (this.rowErrors.length < MAX_LISTED_ROW_ERRORS) this.rowErrors.push({ row, loan_id: loanId, field: problem.field, message: problem.message });
  }

  /** A file-level problem found while reading (e.g. a broken quote). */
  addProblem(problem: string): void {
    this.problems.push(problem);
  }

  get rowCount(): number {
    return this.rows;
  }

  finish(): PortfolioValidationReport {
    const problems = [...this.problems];
    if (this.delimiter !== ',') problems.unshift(`the file is delimited by ${this.delimiter === '\t' ? 'tabs' : `"${this.delimiter}"`}, not commas: save it as comma-separated values (CSV)`);
    if (this.rows === 0 && problems.length === 0) problems.push('the file has a header but no loans (0 rows)');
    if (this.rows > 0 && this.rowErrorCount === this.rows) problems.push(`none of the ${this.rows.toLocaleString('en-AU')} rows is a loan we can read: ${this.rowErrors[0] ? `row ${this.rowErrors[0].row}: ${this.rowErrors[0].field}: ${this.rowErrors[0].message}` : ''}`);
    return {
      isValid: problems.length === 0,
      delimiter: this.delimiter,
      header: this.plan.header,
      mapping: this.plan.mapping,
      missingColumns: this.plan.missingColumns,
      unknownColumns: this.plan.unknownColumns,
      rows: this.rows,
      rowErrorCount: this.rowErrorCount,
      rowErrors: this.rowErrors,
      preview: this.preview,
      problems,
    };
  }
}
