import { describe, expect, it } from 'vitest';
import { formatPlaceName } from '../src/format.ts';

describe('formatPlaceName (issue 34: names as people write them)', () => {
  it('title-cases upper-case suburbs, streets and addresses, keeping state codes upper-case', () => {
    expect(formatPlaceName('BONDI')).toBe('Bondi');
    expect(formatPlaceName('BONDI BEACH NSW 2026')).toBe('Bondi Beach NSW 2026');
    expect(formatPlaceName('85 TURNER ST, ABBOTSFORD VIC 3067')).toBe('85 Turner St, Abbotsford VIC 3067');
    expect(formatPlaceName('suburb RICHMOND (VIC)')).toBe('Suburb Richmond (VIC)');
    for (const state of ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']) expect(formatPlaceName(`X ${state.toLowerCase()}`)).toBe(`X ${state}`);
  });

  it('keeps words the source wrote in mixed case, and reads Mc, O\' and hyphenated names', () => {
    expect(formatPlaceName('Richmond')).toBe('Richmond');
    expect(formatPlaceName('McKinnon')).toBe('McKinnon');
    expect(formatPlaceName('MCMAHONS POINT')).toBe('McMahons Point');
    expect(formatPlaceName("O'CONNOR")).toBe("O'Connor");
    expect(formatPlaceName("ST JOHN'S PARK")).toBe("St John's Park");
    expect(formatPlaceName('BLACKS BEACH-EAST')).toBe('Blacks Beach-East');
  });

  it('reads unit and street numbers: letter suffixes upper-case, ordinals lower-case', () => {
    expect(formatPlaceName('3/45 SMITH ST')).toBe('3/45 Smith St');
    expect(formatPlaceName('12a bay rd')).toBe('12A Bay Rd');
    expect(formatPlaceName('1ST AVE')).toBe('1st Ave');
  });

  it('passes null and undefined through', () => {
    expect(formatPlaceName(null)).toBeNull();
    expect(formatPlaceName(undefined)).toBeUndefined();
  });
});
