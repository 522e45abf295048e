import { describe, expect, it } from 'vitest';
import { pickAddressMatch } from '../../src/address/match-address.ts';
import { parseAddress } from '../../src/address/parse-address.ts';

const candidates = [
  { id: 1, address: '14 Collins St', suburb: 'Melbourne', postcode: '3000' },
  { id: 2, address: '12 Collins St', suburb: 'Melbourne', postcode: '3000' },
  { id: 3, address: '12 Collins Street', suburb: 'Thornbury', postcode: '3071' },
];

describe('pickAddressMatch', () => {
  it('takes the candidate with the same number and street, not the most similar text', () => {
    expect(pickAddressMatch(parseAddress('12 Collins Street, Melbourne VIC 3000'), candidates)?.id).toBe(2);
  });

  it('respects the suburb and postcode the user typed', () => {
    expect(pickAddressMatch(parseAddress('12 Collins St, Thornbury VIC 3071'), candidates)?.id).toBe(3);
    expect(pickAddressMatch(parseAddress('12 Collins St, Richmond VIC 3121'), candidates)).toBeNull();
  });

  it('needs a street number', () => {
    expect(pickAddressMatch(parseAddress('Collins St, Melbourne'), candidates)).toBeNull();
  });
});

describe('pickAddressMatch with a suburb whose name holds a street type', () => {
  it('matches "Banksia Grove" as typed against the record', () => {
    const candidates = [{ address: '35 Nivea St', suburb: 'Banksia Grove', postcode: '6031' }];
    expect(pickAddressMatch(parseAddress('35 Nivea Street, Banksia Grove WA 6031'), candidates)).toBe(candidates[0]);
  });
});
