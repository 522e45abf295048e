import { describe, expect, it } from 'vitest';
import { pickAddressMatch, pickAddressNear } from '../../src/address/match-address.ts';
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

describe('pickAddressMatch across the ways an address is written', () => {
  const sales = [
    { id: 1, address: '3/82 Glass St', suburb: 'Essendon', postcode: '3040' },
    { id: 2, address: '49 Glass St', suburb: 'Richmond', postcode: '3121' },
    { id: 3, address: '16 Dacelo Vista', suburb: 'Waterford', postcode: '6152' },
  ];
  it('matches the unit form, case and the street type either way', () => {
    expect(pickAddressMatch(parseAddress('Unit 3, 82 Glass Street, Essendon VIC 3040'), sales)?.id).toBe(1);
    expect(pickAddressMatch(parseAddress('49 GLASS STREET, richmond'), sales)?.id).toBe(2);
    expect(pickAddressMatch(parseAddress('16 Dacelo Vs, Waterford WA 6152'), sales)?.id).toBe(3);
  });
});

describe('pickAddressNear: an address given with coordinates and no suburb', () => {
  const candidates = [
    { id: 1, address: '49 Glass St', suburb: 'Richmond', postcode: '3121', lat: -37.8233, lng: 145.0052 },
    { id: 2, address: '49 Glass St', suburb: 'Essendon', postcode: '3040', lat: -37.7468, lng: 144.9203 },
    { id: 3, address: '49 Glass St', suburb: 'Kew', postcode: '3101', lat: null, lng: null },
  ];
  it('takes the one nearest the coordinates, within a kilometre', () => {
    expect(pickAddressNear(candidates, -37.8236, 145.0049, null)?.id).toBe(1);
    expect(pickAddressNear(candidates, -37.7470, 144.9200, null)?.id).toBe(2);
    // 3 km from either.
    expect(pickAddressNear(candidates, -37.79, 144.98, null)).toBeNull();
  });
  it('takes one without a point of its own when its suburb is the nearest locality', () => {
    expect(pickAddressNear(candidates, -37.80, 145.03, 'KEW')?.id).toBe(3);
  });
});

