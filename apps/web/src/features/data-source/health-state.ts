import type { HealthCheck, ServiceHealth } from '@propguard/schemas';

/** SPEC.md sections 4 and 9: a health check on load, then every 30 seconds. */
export const HEALTH_POLL_MS = 30_000;

export type OverallHealth = 'healthy' | 'partial' | 'unhealthy' | 'unknown';

/** One answer per service: the reading, `null` when the request failed, `undefined` while pending. */
export type HealthReadings = { propguard: ServiceHealth | null | undefined; realty: ServiceHealth | null | undefined };

export function findCheck(health: ServiceHealth | null | undefined, name: string): HealthCheck | undefined {
  return health?.checks.find((check) => check.name === name);
}

/**
 * SPEC.md section 4: healthy when all three counted flags are true, partial when at least one is,
 * unhealthy when none, unknown when there is no health data at all. The counted flags are the
 * PropGuard API's success, the property data's success, and the database check being ok.
 */
export function getOverallHealth({ propguard, realty }: HealthReadings): OverallHealth {
  if (propguard === undefined && realty === undefined) return 'unknown';
  const flags = [propguard?.success === true, realty?.success === true, findCheck(propguard, 'database')?.status === 'ok'];
  const upCount = flags.filter(Boolean).length;
  if (upCount === flags.length) return 'healthy';
  if (upCount > 0) return 'partial';
  return 'unhealthy';
}
