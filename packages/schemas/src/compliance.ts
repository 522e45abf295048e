import { z } from 'zod';

/**
 * The APRA Compliance tab (issue 7): GET /api/compliance/overview. Everything here is measured or
 * counted by PropGuard (health history, tolerances, incidents, audit trail, assessed loans); a
 * regulation card's status comes from its checks.
 */
export const complianceCheckSchema = z.object({
  label: z.string(),
  status: z.enum(['pass', 'fail', 'not_checked']),
  detail: z.string(),
});

export const regulationCardSchema = z.object({
  id: z.enum(['cps230', 'cps234', 'nccp', 'basel3']),
  name: z.string(),
  score: z.number().int().min(0).max(100).describe('Share of the checks that pass, %'),
  status: z.enum(['compliant', 'review required']),
  lastAudit: z.string().nullable().describe('ISO time of the newest evidence behind the checks'),
  checks: z.array(complianceCheckSchema),
});

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
  isWithinTolerance: z.boolean().nullable(),
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
