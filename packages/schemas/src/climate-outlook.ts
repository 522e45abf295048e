import type { ClimateScenario } from './hazards.ts';

/** The climate outlook a valuation's risk and lending figures are projected to. */
export interface ClimateOutlook {
  scenario: ClimateScenario;
  year: number;
}

/**
 * The product's policy (DESIGN.md section 5: "climate-adjusted value and LVR in 2050"): 2050 under
 * high emissions. One value: the server's composition root (apps/server/src/context.ts) puts it
 * in the context and every service passes it on to the engines, which label their results with
 * the outlook they were given.
 */
export const CLIMATE_OUTLOOK: Readonly<ClimateOutlook> = { scenario: 'high', year: 2050 };
