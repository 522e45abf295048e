/**
 * Loss parameters of the portfolio stress test (issue 15, requirement 7), versioned and parsed
 * with a schema like the lending tables. Figures marked "PropGuard assumption" are modelling
 * choices, not published values; the others are third-party readings not verified against the
 * regulator's text in this session (no network).
 */
import { z } from 'zod';

const stressLossSchema = z.object({
  id: z.string(),
  version: z.string(),
  source: z.string(),
  verification: z.string(),
  basePd: z.number().min(0).max(1),
  serviceabilityFailPdMultiplier: z.number().min(1),
  negativeEquityPdMultiplier: z.number().min(1),
  forcedSaleHaircut: z.number().min(0).max(1),
  lgdFloor: z.number().min(0).max(1),
  severeFireSeasonAnnualProbability: z.number().gt(0).max(1),
});
export type StressLossParameters = z.infer<typeof stressLossSchema>;

/**
 * - Base probability of default 1% a year: about the share of Australian housing loans 90 or more
 *   days in arrears in 2024-25 (RBA Financial Stability Review, September 2024 and April 2025:
 *   arrears "broadly stabilised at pre-pandemic levels", around 1%). Arrears are a stock, not a
 *   one-year default rate: a PropGuard reading, not verified.
 * - PD x 10 (10%) when the borrower's income no longer meets the repayments: PropGuard assumption.
 * - PD x 2 above 100% LVR (negative equity: the "double trigger", a borrower who cannot pay and
 *   cannot sell out of the loan): PropGuard assumption.
 * - Forced-sale haircut 20% (mortgagee-sale discount plus selling and holding costs): PropGuard
 *   assumption.
 * - LGD floor 10%: APS 113 (IRB) floor for residential mortgage exposures, third-party reading.
 * - Severe bushfire season: a 1-in-20-year season (5% a year): PropGuard assumption (no published
 *   return period of a "severe season" in our data).
 */
export const STRESS_LOSS_PARAMETERS: StressLossParameters = stressLossSchema.parse({
  id: 'stress-loss-parameters',
  version: '1',
  source:
    'RBA Financial Stability Review 2024-25 (housing arrears ~1%: base PD); APS 113 (LGD floor 10%); PropGuard assumptions (PD x10 on a serviceability failure, x2 in negative equity, forced-sale haircut 20%, severe bushfire season 1 in 20 years)',
  verification: 'third-party readings and PropGuard assumptions, not verified against the regulators\' text',
  basePd: 0.01,
  serviceabilityFailPdMultiplier: 10,
  negativeEquityPdMultiplier: 2,
  forcedSaleHaircut: 0.2,
  lgdFloor: 0.1,
  severeFireSeasonAnnualProbability: 0.05,
});
