/**
 * CPS 230 evidence (issue 7): tolerance breaches of PropGuard's dependencies and the notification
 * clocks of an incident. Pure: samples, tolerances and the time are passed in.
 *
 * Notification clocks, CPS 230 (Operational Risk Management, in force 1 July 2025), as read from
 * third-party summaries (APRA's own text could not be retrieved in this session: NOT verified):
 * - 72 hours: notify APRA after becoming aware of an operational risk incident likely to have a
 *   material financial impact or a material impact on the ability to maintain critical operations;
 * - 24 hours: notify APRA after a disruption of a critical operation outside its tolerance.
 * Software cannot notify for a lender; these clocks show the lender when its duties fall due.
 */
export const CPS230_CLOCKS = {
  id: 'cps230-notification-clocks',
  version: '1',
  source: 'APRA CPS 230 Operational Risk Management (2023, in force 1 July 2025): 72 h material incident, 24 h critical operation disrupted outside tolerance (third-party reading, not verified against APRA\'s text)',
  materialIncidentHours: 72,
  outsideToleranceHours: 24,
} as const;

export interface Tolerance {
  /** Longest disruption the lender tolerates before the 24-hour clock starts, minutes. */
  maxDisruptionMinutes: number;
  /** Minimum share of samples that must be available over the window, %. */
  minAvailabilityPct: number;
  /** Slowest acceptable probe, ms. */
  maxLatencyMs: number;
}

export interface DependencySample {
  status: 'ok' | 'degraded' | 'down' | 'not_configured' | 'not_built';
  latencyMs: number | null;
}

/** PropGuard's default tolerances (a lender overrides them): PropGuard assumption. */
export const DEFAULT_TOLERANCE: Tolerance = { maxDisruptionMinutes: 60, minAvailabilityPct: 99.5, maxLatencyMs: 1000 };

/**
 * Why a sample breaches its tolerance, or null. A dependency that is not configured is no breach
 * (nor is the `not_built` status the health schema still allows; no dependency reports it today).
 * @example breachOf({ status: 'ok', latencyMs: 1500 }, DEFAULT_TOLERANCE) // 'latency 1500 ms above the 1000 ms tolerance'
 */
export function breachOf(sample: DependencySample, tolerance: Tolerance): string | null {
  if (sample.status === 'down') return 'unavailable';
  if (sample.latencyMs !== null && sample.latencyMs > tolerance.maxLatencyMs) return `latency ${Math.round(sample.latencyMs)} ms above the ${tolerance.maxLatencyMs} ms tolerance`;
  return null;
}

export interface IncidentClocks {
  disruptionMinutes: number;
  isOutsideTolerance: boolean;
  /** When the 72-hour notification falls due (ISO). */
  notifyMaterialBy: string;
  /** When the 24-hour notification falls due, once the disruption outlasted the tolerance (ISO), else null. */
  notifyOutsideToleranceBy: string | null;
  hoursLeftMaterial: number;
  hoursLeftOutsideTolerance: number | null;
}

const HOUR_MS = 3_600_000;

/**
 * The clocks of an incident at `now`: disruption = (resolved or now) - opened.
 * @example incidentClocks('2026-01-01T00:00:00Z', null, DEFAULT_TOLERANCE, new Date('2026-01-01T02:00:00Z')).notifyOutsideToleranceBy // '2026-01-02T01:00:00.000Z'
 */
export function incidentClocks(openedAt: string, resolvedAt: string | null, tolerance: Tolerance, now: Date): IncidentClocks {
  const opened = new Date(openedAt).getTime();
  const end = resolvedAt ? new Date(resolvedAt).getTime() : now.getTime();
  const disruptionMinutes = Math.max(0, (end - opened) / 60_000);
  const isOutsideTolerance = disruptionMinutes > tolerance.maxDisruptionMinutes;
  const materialDue = opened + CPS230_CLOCKS.materialIncidentHours * HOUR_MS;
  const toleranceExceededAt = opened + tolerance.maxDisruptionMinutes * 60_000;
  const outsideDue = isOutsideTolerance ? toleranceExceededAt + CPS230_CLOCKS.outsideToleranceHours * HOUR_MS : null;
  const hoursLeft = (due: number) => Math.round(((due - now.getTime()) / HOUR_MS) * 10) / 10;
  return {
    disruptionMinutes: Math.round(disruptionMinutes),
    isOutsideTolerance,
    notifyMaterialBy: new Date(materialDue).toISOString(),
    notifyOutsideToleranceBy: outsideDue === null ? null : new Date(outsideDue).toISOString(),
    hoursLeftMaterial: hoursLeft(materialDue),
    hoursLeftOutsideTolerance: outsideDue === null ? null : hoursLeft(outsideDue),
  };
}

/**
 * Availability, %: ok samples over the counted ones (ok, degraded and down; a dependency that is not
 * configured is not counted).
 * @example availabilityPct(995, 1000) // 99.5
 */
export function availabilityPct(okSamples: number, counted: number): number | null {
  return counted === 0 ? null : Math.round((okSamples / counted) * 10_000) / 100;
}
