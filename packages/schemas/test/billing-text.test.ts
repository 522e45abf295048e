import { describe, expect, it } from 'vitest';
import { australianDateOf, formatLongDate, gstIncludedText, sellerAbnText } from '../src/index.ts';

describe('what a receipt states, the same on the page and in the PDF', () => {
  it('dates an instant by the Australian calendar: 23:30 UTC is the next day in Sydney', () => {
    expect(australianDateOf('2026-11-27T23:30:00Z')).toBe('2026-11-28');
    expect(formatLongDate('2026-11-27T23:30:00Z')).toBe('28 November 2026');
    // In winter (AEST, UTC+10) 13:59 UTC is still the same day.
    expect(australianDateOf('2026-06-30T13:59:00Z')).toBe('2026-06-30');
    expect(formatLongDate(australianDateOf('2026-11-27T23:30:00Z'))).toBe('28 November 2026');
  });

  it('states the ABN, or plainly that none is configured, and the GST included', () => {
    expect(sellerAbnText('51 824 753 556')).toBe('ABN 51 824 753 556');
    expect(sellerAbnText(null)).toBe('ABN not configured');
    expect(gstIncludedText(2_718)).toBe('GST included: $27.18');
  });
});
