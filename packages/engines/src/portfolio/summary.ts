/**
 * The portfolio summary (issue 15, section 4) from the per-loan results: LVR distribution today and
 * in 2050, loans needing LMI, total risk-weighted assets and minimum capital, exposure by hazard
 * level and by suburb, the 20 riskiest loans and the points of an exposure map. Built row by row
 * (rows can be streamed from the database): memory grows with suburbs and the kept top lists only.
 */
import {
  HAZARD_IDS,
  PORTFOLIO_LVR_BANDS,
  PORTFOLIO_LVR_BAND_LABELS,
  riskLevelFor,
  type ClimateOutlook,
  type PortfolioResultRow,
  type VisiblePortfolioState,
  type PortfolioSummary,
  type PortfolioLvrBand,
  type RiskLevel,
} from '@propguard/schemas';

export const RISKIEST_LOANS = 20;
export const SUMMARY_SUBURBS = 50;
export const MAP_POINTS_LIMIT = 2_000;
export const RISKIEST_RULE = 'Highest LVR on the 2050 climate-adjusted value first (loans without it use today\'s LVR), then the highest hazard score in 2050';

interface Exposure {
  loans: number;
  loanAmountAud: number;
  valuationAud: number;
}
const newExposure = (): Exposure => ({ loans: 0, loanAmountAud: 0, valuationAud: 0 });
const addExposure = (exposure: Exposure, loanAmountAud: number, valuationAud: number) => {
  exposure.loans += 1;
  exposure.loanAmountAud += loanAmountAud;
  exposure.valuationAud += valuationAud;
};
type LevelKey = RiskLevel | 'noData';
const newLevels = (): Record<LevelKey, Exposure> => ({ High: newExposure(), Medium: newExposure(), Low: newExposure(), noData: newExposure() });

/** The riskiness order of RISKIEST_RULE: larger first. */
function riskKey(row: PortfolioResultRow): [number, number] {
  return [row.lvr_2050 ?? row.lvr ?? -1, row.hazard_score_2050 ?? -1];
}
const compareRisk = (a: PortfolioResultRow, b: PortfolioResultRow) => {
  const [a1, a2] = riskKey(a);
  const [b1, b2] = riskKey(b);
  return b1 - a1 || b2 - a2 || a.row - b.row;
};

/** Keeps the `limit` largest items by `compare` (a sorted buffer trimmed when it doubles). */
class TopList<T> {
  private items: T[] = [];
  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}
  add(item: T): void {
    this.items.push(item);
    if (this.items.length >= this.limit * 2) this.trim();
  }
  private trim(): void {
    this.items.sort(this.compare);
    this.items.length = Math.min(this.items.length, this.limit);
  }
  values(): T[] {
    this.trim();
    return this.items;
  }
}

/** Accumulates results into a summary; call `add` for every result row, then `finish`. */
export class PortfolioSummaryBuilder {
  private total = 0;
  private assessed = 0;
  private errors = 0;
  private loanAmountAud = 0;
  private valuationAud = 0;
  private valuation2050Aud = 0;
  private loanAmount2050Aud = 0;
  private rwaAud = 0;
  private capitalAud = 0;
  private readonly lvrToday = new Map<PortfolioLvrBand, Exposure>(PORTFOLIO_LVR_BANDS.map((band) => [band, newExposure()]));
  private readonly lvr2050 = new Map<PortfolioLvrBand, Exposure>(PORTFOLIO_LVR_BANDS.map((band) => [band, newExposure()]));
  private readonly lmi = newExposure();
  private above80In2050 = 0;
  private newlyAbove80 = 0;
  private readonly hazards = new Map<string, { levels: Record<LevelKey, Exposure>; high2050: Exposure }>(HAZARD_IDS.map((hazard) => [hazard, { levels: newLevels(), high2050: newExposure() }]));
  private readonly byLevel = newLevels();
  private readonly suburbs = new Map<string, Exposure & { suburb: string; state: string | null; highHazardLoans: number }>();
  private readonly riskiest = new TopList<PortfolioResultRow>(RISKIEST_LOANS, compareRisk);
  private readonly points = new TopList<PortfolioSummary['map']['points'][number]>(MAP_POINTS_LIMIT, (a, b) => b.loanAmountAud - a.loanAmountAud || a.row - b.row);
  private pointsTotal = 0;

  add(row: PortfolioResultRow): void {
    this.total += 1;
    if (row.error !== null || row.estimate === null || row.lvr === null || row.loan_amount === null) {
      this.errors += 1;
      return;
    }
    this.assessed += 1;
    const loan = row.loan_amount;
    const value = row.estimate;
    this.loanAmountAud += loan;
    this.valuationAud += value;
    this.rwaAud += row.rwa ?? 0;
    this.capitalAud += row.minimum_capital ?? 0;
    addExposure(this.lvrToday.get(row.lvr_band ?? 'over_100')!, loan, value);
    if (row.lmi_required) addExposure(this.lmi, loan, value);
    if (row.lvr_2050 !== null && row.lvr_2050_band !== null) {
      // The climate-adjusted value is loan / LVR in 2050.
      const value2050 = row.lvr_2050 > 0 ? loan / row.lvr_2050 : value;
      addExposure(this.lvr2050.get(row.lvr_2050_band)!, loan, Math.round(value2050));
      this.valuation2050Aud += value2050;
      this.loanAmount2050Aud += loan;
      if (row.lvr_2050 > 0.8 + 1e-9) {
        this.above80In2050 += 1;
        if (row.lvr <= 0.8 + 1e-9) this.newlyAbove80 += 1;
      }
    }
    const levels = new Map(
      row.levels
        .split(';')
        .filter(Boolean)
        .map((part) => part.split(':') as [string, string]),
    );
    for (const hazard of HAZARD_IDS) {
      const entry = this.hazards.get(hazard)!;
      const score = row[hazard];
      const level: LevelKey = score === null || levels.get(hazard) === 'no data' ? 'noData' : riskLevelFor(score);
      addExposure(entry.levels[level], loan, value);
    }
    addExposure(this.byLevel[row.hazard_level ?? 'noData'], loan, value);
    const levels2050 = new Map(
      row.levels_2050
        .split(';')
        .filter(Boolean)
        .map((part) => part.split(':') as [string, string]),
    );
    for (const hazard of HAZARD_IDS) if (levels2050.get(hazard) === 'High') addExposure(this.hazards.get(hazard)!.high2050, loan, value);
    const suburbName = row.suburb ?? 'Unknown suburb';
    const key = `${suburbName.toUpperCase()}|${row.state ?? ''}`;
    let suburb = this.suburbs.get(key);
    if (!suburb) {
      suburb = { ...newExposure(), suburb: suburbName, state: row.state, highHazardLoans: 0 };
      this.suburbs.set(key, suburb);
    }
    addExposure(suburb, loan, value);
    if (row.hazard_level === 'High') suburb.highHazardLoans += 1;
    this.riskiest.add(row);
    if (row.lat !== null && row.lng !== null) {
      this.pointsTotal += 1;
      this.points.add({ row: row.row, loanId: row.loan_id, lat: row.lat, lng: row.lng, loanAmountAud: loan, lvr: row.lvr, hazardLevel: row.hazard_level, hazardScore: maxScore(row) });
    }
  }

  finish(meta: { portfolioId: string; state: VisiblePortfolioState; totalLoans: number; outlook: ClimateOutlook }): PortfolioSummary {
    const distribution = (bands: Map<PortfolioLvrBand, Exposure>) => PORTFOLIO_LVR_BANDS.map((band) => ({ band, label: PORTFOLIO_LVR_BAND_LABELS[band], ...rounded(bands.get(band)!) }));
    return {
      portfolioId: meta.portfolioId,
      state: meta.state,
      isComplete: meta.state === 'completed' && this.total >= meta.totalLoans,
      outlook: { scenario: meta.outlook.scenario, year: meta.outlook.year },
      loans: { total: meta.totalLoans, assessed: this.assessed, errors: this.errors },
      totals: {
        loanAmountAud: Math.round(this.loanAmountAud),
        valuationAud: Math.round(this.valuationAud),
        riskWeightedAssetsAud: Math.round(this.rwaAud),
        minimumCapitalAud: Math.round(this.capitalAud),
        averageLvr: this.valuationAud > 0 ? round4(this.loanAmountAud / this.valuationAud) : null,
        averageLvr2050: this.valuation2050Aud > 0 ? round4(this.loanAmount2050Aud / this.valuation2050Aud) : null,
      },
      lvr: { today: distribution(this.lvrToday), in2050: distribution(this.lvr2050) },
      lmi: { loans: this.lmi.loans, loanAmountAud: Math.round(this.lmi.loanAmountAud), share: this.assessed > 0 ? round4(this.lmi.loans / this.assessed) : null },
      above80In2050: { loans: this.above80In2050, newlyAbove: this.newlyAbove80 },
      hazards: HAZARD_IDS.map((hazard) => {
        const entry = this.hazards.get(hazard)!;
        return { hazard, levels: roundedLevels(entry.levels), high2050: rounded(entry.high2050) };
      }),
      byHazardLevel: roundedLevels(this.byLevel),
      suburbs: [...this.suburbs.values()]
        .sort((a, b) => b.loanAmountAud - a.loanAmountAud || a.suburb.localeCompare(b.suburb))
        .slice(0, SUMMARY_SUBURBS)
        .map((suburb) => ({ ...rounded(suburb), suburb: suburb.suburb, state: suburb.state, averageLvr: suburb.valuationAud > 0 ? round4(suburb.loanAmountAud / suburb.valuationAud) : null, highHazardLoans: suburb.highHazardLoans })),
      riskiest: this.riskiest.values(),
      riskiestRule: RISKIEST_RULE,
      map: { points: this.points.values(), total: this.pointsTotal, isTruncated: this.pointsTotal > MAP_POINTS_LIMIT },
    };
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const rounded = (exposure: Exposure): Exposure => ({ loans: exposure.loans, loanAmountAud: Math.round(exposure.loanAmountAud), valuationAud: Math.round(exposure.valuationAud) });
const roundedLevels = (levels: Record<LevelKey, Exposure>) => ({ High: rounded(levels.High), Medium: rounded(levels.Medium), Low: rounded(levels.Low), noData: rounded(levels.noData) });
function maxScore(row: PortfolioResultRow): number | null {
  let highest: number | null = null;
  for (const hazard of HAZARD_IDS) {
    const score = row[hazard];
    if (score !== null && (highest === null || score > highest)) highest = score;
  }
  return highest;
}

/**
 * The summary of a complete list of results (tests, small books).
 * @example summarisePortfolio(rows, { portfolioId, state: 'completed', totalLoans: rows.length, outlook }).totals.riskWeightedAssetsAud
 */
export function summarisePortfolio(rows: Iterable<PortfolioResultRow>, meta: Parameters<PortfolioSummaryBuilder['finish']>[0]): PortfolioSummary {
  const builder = new PortfolioSummaryBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish(meta);
}
