import { z } from 'zod';
import { AU_STATES } from './sales.ts';

/**
 * Portfolio stress tests (issue 15, requirement 7): `POST /api/portfolios/{id}/stress` applies a
 * scenario to a stored portfolio's per-loan results and returns what moves, base against stressed,
 * each figure with the trace of its calculation. Money is whole Australian dollars.
 */

/** House prices down 10, 20 or 30% (the steps lenders run for APRA). */
export const STRESS_PRICE_DROPS_PCT = [10, 20, 30] as const;
/** Interest rates up 1, 2 or 3 percentage points. */
export const STRESS_RATE_RISES_PP = [1, 2, 3] as const;
/** Hazard events: a 1% annual exceedance probability flood, or a severe bushfire season. */
export const STRESS_HAZARD_EVENTS = ['flood_1pct_aep', 'severe_bushfire_season'] as const;
export type StressHazardEvent = (typeof STRESS_HAZARD_EVENTS)[number];
export const STRESS_HAZARD_EVENT_LABELS: Readonly<Record<StressHazardEvent, string>> = {
  flood_1pct_aep: '1% AEP flood',
  severe_bushfire_season: 'Severe bushfire season',
};

/** Capital cities a scenario can name (the engines' CAPITAL_CITIES, checked by a unit test). */
export const STRESS_CITIES = ['SYDNEY', 'MELBOURNE', 'BRISBANE', 'PERTH', 'ADELAIDE', 'HOBART', 'DARWIN', 'CANBERRA'] as const;
export type StressCity = (typeof STRESS_CITIES)[number];

const literalUnion = <T extends readonly [number, ...number[]]>(values: T, what: string) =>
  z.number().refine((value) => (values as readonly number[]).includes(value), { message: `${what} must be one of ${values.join(', ')}` });

export const stressRegionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('national') }),
  z.object({ kind: z.literal('state'), state: z.enum(AU_STATES) }),
  z.object({ kind: z.literal('city'), city: z.enum(STRESS_CITIES) }),
]).describe('Where the shock applies: the whole book, one state, or within 50 km of a capital city centre');
export type StressRegion = z.infer<typeof stressRegionSchema>;

export const stressScenarioSchema = z
  .object({
    priceShock: z
      .object({ dropPct: literalUnion(STRESS_PRICE_DROPS_PCT, 'priceShock.dropPct'), region: stressRegionSchema })
      .nullable()
      .default(null)
      .describe('House prices down 10, 20 or 30%, nationally, in a state or in a capital city'),
    rateShock: z
      .object({ risePp: literalUnion(STRESS_RATE_RISES_PP, 'rateShock.risePp') })
      .nullable()
      .default(null)
      .describe('Every loan rate up 1, 2 or 3 percentage points'),
    hazardEvent: z
      .object({ event: z.enum(STRESS_HAZARD_EVENTS), region: stressRegionSchema })
      .nullable()
      .default(null)
      .describe('A 1% AEP flood or a severe bushfire season in a region'),
  })
  .strict()
  .refine((scenario) => scenario.priceShock !== null || scenario.rateShock !== null || scenario.hazardEvent !== null, {
    message: 'A scenario needs at least one of priceShock, rateShock or hazardEvent',
  });
export type StressScenario = z.infer<typeof stressScenarioSchema>;
export type StressScenarioInput = z.input<typeof stressScenarioSchema>;

/** One figure, base against stressed, with the calculation that produced it. */
export const stressFigureSchema = z.object({
  label: z.string(),
  unit: z.enum(['loans', 'aud']),
  base: z.number(),
  stressed: z.number(),
  change: z.number(),
  /** Of how many loans the figure is counted (income known, for serviceability). */
  ofLoans: z.number().int(),
  trace: z.array(z.string()),
});
export type StressFigure = z.infer<typeof stressFigureSchema>;

export const STRESS_FIGURE_IDS = ['lvrAbove80', 'lvrAbove100', 'serviceabilityFails', 'expectedLossAud', 'minimumCapitalAud', 'capitalShortfallAud'] as const;
export type StressFigureId = (typeof STRESS_FIGURE_IDS)[number];

export const stressedLoanSchema = z.object({
  loanId: z.string(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  loanAmountAud: z.number().int(),
  baseValueAud: z.number().int(),
  stressedValueAud: z.number().int(),
  baseLvr: z.number(),
  stressedLvr: z.number(),
  baseServiceable: z.boolean().nullable(),
  stressedServiceable: z.boolean().nullable(),
  baseExpectedLossAud: z.number().int(),
  stressedExpectedLossAud: z.number().int(),
  trace: z.array(z.string()),
});
export type StressedLoan = z.infer<typeof stressedLoanSchema>;

export const stressTableRefSchema = z.object({ id: z.string(), version: z.string(), source: z.string() });

export const stressResultSchema = z.object({
  method: z.string(),
  scenario: z.object({
    priceShock: z.object({ dropPct: z.number(), region: stressRegionSchema }).nullable(),
    rateShock: z.object({ risePp: z.number() }).nullable(),
    hazardEvent: z.object({ event: z.enum(STRESS_HAZARD_EVENTS), region: stressRegionSchema }).nullable(),
  }),
  /** The scenario in words. */
  description: z.string(),
  loansAssessed: z.number().int(),
  /** Rows the portfolio run could not assess (their `error`): left out of every figure. */
  loansSkipped: z.number().int(),
  loansHitByPriceShock: z.number().int(),
  loansHitByHazardEvent: z.number().int(),
  loansWithIncome: z.number().int(),
  figures: z.object({
    lvrAbove80: stressFigureSchema,
    lvrAbove100: stressFigureSchema,
    serviceabilityFails: stressFigureSchema,
    expectedLossAud: stressFigureSchema,
    minimumCapitalAud: stressFigureSchema,
    capitalShortfallAud: stressFigureSchema,
  }),
  /** The loans whose expected loss rises most (at most 20), each with its own trace. */
  mostAffected: z.array(stressedLoanSchema),
  assumptions: z.array(z.string()),
  tables: z.array(stressTableRefSchema),
});
export type StressResult = z.infer<typeof stressResultSchema>;

export const portfolioStressResponseSchema = z
  .object({
    success: z.literal(true),
    portfolioId: z.string(),
    result: stressResultSchema,
  })
  .meta({ id: 'PortfolioStressResponse' });
export type PortfolioStressResponse = z.infer<typeof portfolioStressResponseSchema>;
