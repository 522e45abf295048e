import { z } from 'zod';

/**
 * The APRA Compliance tab (issue 7): GET /api/compliance/overview. Everything here is measured or
 * counted by PropGuard (health history, tolerances, incidents, audit trail, assessed loans); a
 * regulation card's status comes from its checks.
 */
/** What one check found: it ran and passed, ran and failed, or did not run. */
export const CHECK_STATUSES = ['pass', 'fail', 'not_checked'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** A check's status in words, wherever it is shown: a check that did not run reads "Not checked". */
export const CHECK_STATUS_LABELS: Readonly<Record<CheckStatus, string>> = { pass: 'Pass', fail: 'Fail', not_checked: 'Not checked' };

export const complianceCheckSchema = z.object({
  label: z.string(),
  status: z.enum(CHECK_STATUSES),
  statusLabel: z.string().describe('The status in words: "Pass", "Fail" or "Not checked"'),
  detail: z.string(),
});
export type ComplianceCheck = z.infer<typeof complianceCheckSchema>;

/**
 * The status of a regulation (or of a loan against it) from its checks (issue 28): "compliant" only
 * when every check ran and passed; "review_required" when any check failed; else "not_checked"
 * (none failed, at least one did not run). The one policy: packages/engines/src/compliance/statuses.ts.
 */
export const COMPLIANCE_STATUSES = ['compliant', 'review_required', 'not_checked'] as const;
export const complianceStatusSchema = z.enum(COMPLIANCE_STATUSES);
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;

/** A status in words, the same on every door (the header badge, the APRA tab, reports, the APIs). */
export const COMPLIANCE_STATUS_LABELS: Readonly<Record<ComplianceStatus, string>> = {
  compliant: 'Compliant',
  review_required: 'Review required',
  not_checked: 'Not fully checked',
};

/**
 * The status behind an API's `*_compliant` flag (true compliant, false review required, null or absent
 * not checked), for a door that has only the flag; the engine's complianceFlag is its inverse.
 * @example COMPLIANCE_STATUS_LABELS[complianceStatusOfFlag(null)] // 'Not fully checked'
 */
export function complianceStatusOfFlag(flag: boolean | null | undefined): ComplianceStatus {
  return flag === true ? 'compliant' : flag === false ? 'review_required' : 'not_checked';
}

export const complianceStatusSummarySchema = z.object({
  status: complianceStatusSchema,
  label: z.string().describe('The status in words: "Compliant", "Review required" or "Not fully checked"'),
  score: z.number().int().min(0).max(100).describe('Checks passed over all checks (one that did not run counts as not passed), %, rounded down: 100 only when every check ran and passed'),
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
  notChecked: z.number().int().min(0),
  total: z.number().int().min(0),
  summary: z.string().describe('e.g. "3 of 4 checks passed; 1 not checked"'),
  checks: z.array(complianceCheckSchema),
});
export type ComplianceStatusSummary = z.infer<typeof complianceStatusSummarySchema>;

export const regulationCardSchema = complianceStatusSummarySchema.extend({
  id: z.enum(['cps230', 'cps234', 'nccp', 'basel3']),
  name: z.string(),
  lastAudit: z.string().nullable().describe('ISO time of the newest evidence behind the checks'),
});
export type RegulationCard = z.infer<typeof regulationCardSchema>;

/**
 * The search API's `propguard_compliance` block of a listing (SPEC.md section 3), built from the
 * default loan's assessment by the engine (presentListingCompliance). A `*_compliant` flag is true
 * only for "compliant", false for "review_required", null when not every check ran.
 */
export const listingComplianceBlockSchema = z.object({
  lvr_thresholds: z.object({ '80_percent': z.number().int(), '90_percent': z.number().int(), '95_percent': z.number().int() }).describe('Loan amounts at 80, 90 and 95% LVR of the AI valuation'),
  apra_cps230_compliant: z.boolean().nullable().describe("CPS 230 is the lender's operational resilience, not a property of a loan: the CPS 230 card's status (the header badge) when the caller passes it, else null (GET /api/compliance/overview)"),
  risk_category: z.enum(['Low', 'Medium', 'High']),
  compliance_score: z.number().int().min(0).max(100).describe('Lending safety score of the default loan: 0-100, higher = safer'),
  compliance_score_scale: z.string().describe('"0-100, higher = safer"'),
  nccp_act_compliant: z.boolean().nullable().describe("The loan's NCCP checks; null while one did not run (a listing has no borrower: income, expenses, requirements)"),
  basel_iii_compliant: z.boolean().nullable().describe("The loan's APS 112 checks; null while one did not run (the risk-weight table is not verified against APRA's text)"),
  lvr_compliant: z.boolean().nullable().describe('LVR at or below 80% or LMI held, and the loan within the value; null when LMI is assumed, not confirmed'),
  statuses: z.object({ cps230: complianceStatusSummarySchema.nullable(), lvr: complianceStatusSummarySchema, nccp: complianceStatusSummarySchema, basel3: complianceStatusSummarySchema }).describe('Each status with its label in words and its checks'),
  risk_weight: z.number().describe('APS 112 risk weight of the default loan'),
  climate_adjusted_lvr: z.number().nullable().describe('LVR of the default loan on the 2050 high-scenario climate-adjusted value'),
  assumptions: z.string().describe('The default loan these figures assume'),
  method: z.string(),
});
export type ListingComplianceBlock = z.infer<typeof listingComplianceBlockSchema>;

/**
 * A lender's CPS 230 tolerance for one dependency. The messages are written for the person setting
 * it: the web form shows them under its inputs and the server returns them after the field name.
 */
export const toleranceSchema = z.object({
  max_disruption_minutes: z
    .number({ error: 'Enter the maximum disruption in minutes' })
    .int('Maximum disruption must be a whole number of minutes')
    .min(1, 'Maximum disruption must be at least 1 minute')
    .max(10_080, 'Maximum disruption must be at most 10080 minutes (7 days)'),
  min_availability_pct: z
    .number({ error: 'Enter the minimum availability in percent' })
    .min(0, 'Minimum availability must be at least 0%')
    .max(100, 'Minimum availability must be at most 100%'),
  max_latency_ms: z
    .number({ error: 'Enter the maximum p95 latency in milliseconds' })
    .int('Maximum p95 latency must be a whole number of milliseconds')
    .min(1, 'Maximum p95 latency must be at least 1 ms')
    .max(600_000, 'Maximum p95 latency must be at most 600000 ms (10 minutes)'),
});
export type ToleranceBody = z.infer<typeof toleranceSchema>;

export const DEPENDENCY_IDS = ['database', 'fire-data', 'property-data', 'chain', 'payments'] as const;
export const dependencyIdSchema = z.enum(DEPENDENCY_IDS);

export const dependencyEvidenceSchema = z.object({
  id: dependencyIdSchema,
  name: z.string(),
  status: z.enum(['ok', 'degraded', 'down', 'not_configured', 'not_built']),
  detail: z.string(),
  lastCheck: z.string().nullable(),
  samples24h: z.number().int(),
  availability24hPct: z.number().nullable(),
  p95LatencyMs24h: z.number().nullable(),
  tolerance: toleranceSchema.extend({ source: z.enum(['default', 'lender']) }),
  /** Over the last 24 hours: availability and the latest sample; null when not counted. */
  isWithinTolerance: z.boolean().nullable(),
  /** The latest sample breaches the tolerance (what keeps an incident open); null when not counted. */
  isBreachingNow: z.boolean().nullable(),
});

export const incidentSchema = z.object({
  id: z.number().int(),
  dependency: z.string(),
  breach: z.string(),
  openedAt: z.string(),
  lastBreachAt: z.string(),
  resolvedAt: z.string().nullable(),
  disruptionMinutes: z.number().int(),
  isOutsideTolerance: z.boolean(),
  notifyMaterialBy: z.string().describe('72-hour clock (CPS 230, third-party reading)'),
  notifyOutsideToleranceBy: z.string().nullable().describe('24-hour clock, once the disruption outlasted the tolerance'),
  hoursLeftMaterial: z.number(),
  hoursLeftOutsideTolerance: z.number().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  recordedAt: z.string(),
  kind: z.string(),
  subject: z.string(),
  modelVersion: z.string(),
  dataSources: z.array(z.string()),
  inputs: z.unknown(),
});

export const reportingItemSchema = z.object({
  report: z.string(),
  regulation: z.string(),
  frequency: z.string(),
  dueDate: z.string(),
  status: z.enum(['Prepared', 'Not Started', 'In Progress']),
});

export const complianceOverviewSchema = z
  .object({
    success: z.literal(true),
    generatedAt: z.string(),
    statement: z.string(),
    regulations: z.array(regulationCardSchema),
    resilience: z.object({
      dependencies: z.array(dependencyEvidenceSchema),
      incidents: z.array(incidentSchema),
      clocks: z.object({ materialIncidentHours: z.number(), outsideToleranceHours: z.number(), source: z.string() }),
      businessContinuity: z.array(complianceCheckSchema),
    }),
    audit: z.object({ total: z.number().int(), entries: z.array(auditEntrySchema) }),
    portfolio: z.object({ low: z.number().int(), medium: z.number().int(), high: z.number().int(), total: z.number().int(), averageLvr: z.number().nullable() }),
    reporting: z.array(reportingItemSchema),
    activeItems: z.array(z.object({ priority: z.enum(['high', 'medium', 'low']), text: z.string() })),
  })
  .meta({ id: 'ComplianceOverview' });
export type ComplianceOverview = z.infer<typeof complianceOverviewSchema>;
