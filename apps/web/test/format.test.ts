import { describe, expect, it } from 'vitest';
import { formatAud, formatAudCompact, formatHazardScore, formatLongDate, formatPercent, formatSignedPercent } from '../src/lib/format.ts';

describe('formatAud', () => {
  it('writes whole Australian dollars with thousands separators', () => {
    expect(formatAud(1_250_000)).toBe('$1,250,000');
    expect(formatAud(0)).toBe('$0');
    expect(formatAud(950)).toBe('$950');
  });

  it('rounds to whole dollars', () => {
    expect(formatAud(1_249_999.6)).toBe('$1,250,000');
  });
});

describe('formatAudCompact', () => {
  it('shows millions as $x.xM, as search cards do', () => {
    expect(formatAudCompact(1_300_000)).toBe('$1.3M');
    expect(formatAudCompact(1_000_000)).toBe('$1.0M');
    expect(formatAudCompact(12_450_000)).toBe('$12.5M');
  });

  it('leaves amounts under a million in full', () => {
    expect(formatAudCompact(999_999)).toBe('$999,999');
    expect(formatAudCompact(850_000)).toBe('$850,000');
  });
});

describe('formatLongDate', () => {
  it('writes the Australian long form', () => {
    expect(formatLongDate('2026-11-22')).toBe('22 November 2026');
    expect(formatLongDate(new Date('2026-01-05T03:00:00Z'))).toBe('5 January 2026');
  });

  it('reads dates in Australian time', () => {
    // 20:00 UTC on 21 November is 07:00 on 22 November in Sydney (AEDT, UTC+11).
    expect(formatLongDate('2026-11-21T20:00:00Z')).toBe('22 November 2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatLongDate('not a date')).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it('writes a fraction as a whole percent', () => {
    expect(formatPercent(0.823)).toBe('82%');
    expect(formatPercent(1)).toBe('100%');
  });
});

describe('formatSignedPercent', () => {
  it('writes a change with its sign and one decimal', () => {
    expect(formatSignedPercent(-0.354)).toBe('-35.4%');
    expect(formatSignedPercent(0.0521)).toBe('+5.2%');
    expect(formatSignedPercent(-0.00001)).toBe('0.0%');
  });
});

describe('formatHazardScore', () => {
  it('writes a 0-100 score out of 100, never as a percentage (issue 28: "43%" on one tab, "43/100" on the next)', () => {
    expect(formatHazardScore(43)).toBe('43/100');
    expect(formatHazardScore(0)).toBe('0/100');
    expect(formatHazardScore(0.43 * 100)).toBe('43/100');
  });
});
