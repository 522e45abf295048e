import { describe, expect, it } from 'vitest';
import { stressScenarioSchema } from '@propguard/schemas';
import { INITIAL_STRESS_FORM, isEmptyScenario, REGION_OPTIONS, toRegion, toStressScenario } from '../src/features/portfolio/stress-form-values.ts';
import { formatEta, formatLvr, formatRate } from '../src/features/portfolio/progress-text.ts';
import { progressFromStatus } from '../src/features/portfolio/hooks/use-portfolio-progress.ts';

describe('stress form', () => {
  it('every region option is a region the server accepts', () => {
    for (const option of REGION_OPTIONS) {
      const scenario = stressScenarioSchema.safeParse({ priceShock: { dropPct: 10, region: toRegion(option.value) } });
      expect(scenario.success, option.value).toBe(true);
    }
    expect(toRegion('city:PERTH')).toEqual({ kind: 'city', city: 'PERTH' });
    expect(toRegion('state:QLD')).toEqual({ kind: 'state', state: 'QLD' });
    expect(toRegion('city:GOTHAM')).toEqual({ kind: 'national' });
  });

  it('the initial form is a valid scenario: prices down 20% nationally and rates up 2 points', () => {
    const scenario = stressScenarioSchema.parse(toStressScenario(INITIAL_STRESS_FORM));
    expect(scenario).toEqual({ priceShock: { dropPct: 20, region: { kind: 'national' } }, rateShock: { risePp: 2 }, hazardEvent: null });
  });

  it('a form with no shock is empty, and a flood in Brisbane alone is not', () => {
    const none = { ...INITIAL_STRESS_FORM, priceDrop: 'none', rateRise: 'none' };
    expect(isEmptyScenario(none)).toBe(true);
    const flood = { ...none, hazardEvent: 'flood_1pct_aep', hazardRegion: 'city:BRISBANE' };
    expect(isEmptyScenario(flood)).toBe(false);
    expect(stressScenarioSchema.parse(toStressScenario(flood)).hazardEvent).toEqual({ event: 'flood_1pct_aep', region: { kind: 'city', city: 'BRISBANE' } });
  });
});

describe('progress text', () => {
  it('formats time left, speed and LVR in en-AU', () => {
    expect(formatEta(45)).toBe('45 s');
    expect(formatEta(200)).toBe('3 min 20 s');
    expect(formatEta(3900)).toBe('1 h 5 min');
    expect(formatRate(2345.6)).toBe('2,346 loans/s');
    expect(formatRate(3.25)).toBe('3.3 loans/s');
    expect(formatLvr(0.8123)).toBe('81.2%');
    expect(formatLvr(null)).toBe('-');
  });

  it('a finished job\'s status reads as its last progress event', () => {
    const event = progressFromStatus({
      id: 'p1', name: 'Book', source: 'csv', state: 'completed', executor: 'threads', columns: [], loans: { total: 40, done: 40, errors: 2 }, chunks: { total: 1, done: 1, size: 500 },
      loansPerSecond: 120, etaSeconds: null, outlook: { scenario: 'high', year: 2050 }, message: null, createdAt: '2026-11-25T00:00:00Z', startedAt: '2026-11-25T00:00:01Z', finishedAt: '2026-11-25T00:00:02Z',
    });
    expect(event).toMatchObject({ state: 'completed', loansDone: 40, loansTotal: 40, loansErrors: 2, fraction: 1 });
  });
});
