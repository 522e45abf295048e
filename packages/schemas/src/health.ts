import { z } from 'zod';

/** One thing a health endpoint looked at (the database, a data set, a feed), measured now. */
export const healthCheckSchema = z.object({
  name: z.string(),
  status: z.enum(['ok', 'degraded', 'down', 'not_configured', 'not_built']),
  latencyMs: z.number().nullable().describe('Time the probe took, in milliseconds; null when nothing was probed'),
  detail: z.string(),
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/**
 * The answer of every health endpoint of SPEC.md section 7. `success`, `message`, `latency` and
 * `last_check` are the fields the demo's dashboard reads; `checks` says what was measured.
 */
export const serviceHealthSchema = z
  .object({
    success: z.boolean().describe('True when everything this service needs is working'),
    service: z.string(),
    status: z.enum(['healthy', 'degraded', 'unavailable']),
    message: z.string(),
    latency: z.number().describe('Milliseconds taken to produce this answer'),
    last_check: z.string().describe('ISO 8601 time of this check'),
    version: z.string(),
    checks: z.array(healthCheckSchema),
  })
  .meta({ id: 'ServiceHealth' });
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/** What is in the database: the figures the health endpoints and the data page report. */
export const dataSummarySchema = z.object({
  sales: z.object({
    total: z.number().int(),
    priced: z.number().int(),
    byState: z.record(z.string(), z.number().int()),
    bySource: z.record(z.string(), z.number().int()),
    firstSaleDate: z.string().nullable(),
    lastSaleDate: z.string().nullable(),
  }),
  addresses: z.number().int(),
  localities: z.number().int(),
  suburbs: z.number().int(),
  datasets: z.array(
    z.object({
      dataset: z.string(),
      rowsLoaded: z.number().int(),
      rowsRejected: z.number().int(),
      loadedAt: z.string(),
      durationMs: z.number().int(),
    }),
  ),
});
export type DataSummary = z.infer<typeof dataSummarySchema>;
