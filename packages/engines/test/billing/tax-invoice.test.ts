import { describe, expect, it } from 'vitest';
import { formatAbn, gstIncludedCents, isValidAbn } from '../../src/billing/tax-invoice.ts';

describe('tax invoice arithmetic', () => {
  it('takes the GST included as 1/11 of a GST-inclusive price, to the cent', () => {
    expect(gstIncludedCents(29_900)).toBe(2_718);
    expect(gstIncludedCents(29_700)).toBe(2_700);
    expect(gstIncludedCents(1_100)).toBe(100);
    expect(gstIncludedCents(0)).toBe(0);
  });

  it('checks an ABN with the register\'s weights and writes it in groups', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('ABN 51824753556')).toBe(false);
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });
});
