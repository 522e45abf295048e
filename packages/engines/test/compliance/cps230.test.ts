import { describe, expect, it } from 'vitest';
import { availabilityPct, breachOf, DEFAULT_TOLERANCE, incidentClocks } from '../../src/compliance/cps230.ts';

describe('CPS 230 evidence', () => {
  it('breaches on down or slow, never on parts not built', () => {
    expect(breachOf({ status: 'down', latencyMs: null }, DEFAULT_TOLERANCE)).toBe('unavailable');
    expect(breachOf({ status: 'ok', latencyMs: 1500 }, DEFAULT_TOLERANCE)).toBe('latency 1500 ms above the 1000 ms tolerance');
    expect(breachOf({ status: 'ok', latencyMs: 12 }, DEFAULT_TOLERANCE)).toBeNull();
    expect(breachOf({ status: 'not_built', latencyMs: null }, DEFAULT_TOLERANCE)).toBeNull();
  });

  it('starts the 72 h clock at opening and the 24 h clock when the disruption outlasts the tolerance', () => {
    // Opened 00:00; tolerance 60 min; at 02:00 the disruption is 120 min > 60: outside tolerance since 01:00,
    // so the 24 h notification is due 01:00 next day (23 h left); the 72 h one at 00:00 three days on (70 h left).
    const clocks = incidentClocks('2026-01-01T00:00:00.000Z', null, DEFAULT_TOLERANCE, new Date('2026-01-01T02:00:00.000Z'));
    expect(clocks).toEqual({
      disruptionMinutes: 120,
      isOutsideTolerance: true,
      notifyMaterialBy: '2026-01-04T00:00:00.000Z',
      notifyOutsideToleranceBy: '2026-01-02T01:00:00.000Z',
      hoursLeftMaterial: 70,
      hoursLeftOutsideTolerance: 23,
    });
    // Resolved after 30 minutes: within tolerance, no 24 h clock
    const short = incidentClocks('2026-01-01T00:00:00.000Z', '2026-01-01T00:30:00.000Z', DEFAULT_TOLERANCE, new Date('2026-01-01T05:00:00.000Z'));
    expect(short).toMatchObject({ disruptionMinutes: 30, isOutsideTolerance: false, notifyOutsideToleranceBy: null });
  });

  it('computes availability over counted samples', () => {
    // 199 of 200 = 99.5%
    expect(availabilityPct(199, 200)).toBe(99.5);
    expect(availabilityPct(0, 0)).toBeNull();
  });
});
