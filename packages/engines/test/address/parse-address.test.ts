import { describe, expect, it } from 'vitest';
import { normaliseAddressText, parseAddress } from '../../src/address/parse-address.ts';

describe('parseAddress', () => {
  it('reads street, suburb, state and postcode from the usual written form', () => {
    expect(parseAddress('85 Turner St, Abbotsford VIC 3067')).toMatchObject({
      streetNumber: '85', street: 'TURNER ST', suburb: 'ABBOTSFORD', state: 'VIC', postcode: '3067',
    });
  });

  it('abbreviates spelled-out street types the way the Melbourne data writes them', () => {
    expect(parseAddress('1 Acorn Place, South Lake WA 6164')).toMatchObject({ streetNumber: '1', street: 'ACORN PL', suburb: 'SOUTH LAKE', state: 'WA' });
    expect(normaliseAddressText('123 Collins Street')).toBe('123 COLLINS ST');
    expect(normaliseAddressText('12 Smith Avenue')).toBe(normaliseAddressText('12 Smith Av'));
  });

  it('finds the suburb after the street type when there is no comma', () => {
    expect(parseAddress('85 Turner Street Abbotsford')).toMatchObject({ streetNumber: '85', street: 'TURNER ST', suburb: 'ABBOTSFORD', state: null, postcode: null });
  });

  it('keeps unit numbers', () => {
    expect(parseAddress('3/12 Smith St, Richmond VIC 3121').streetNumber).toBe('3/12');
  });

  it('reads a locality alone', () => {
    expect(parseAddress('Abbotsford VIC 3067')).toMatchObject({ streetNumber: null, street: null, suburb: 'ABBOTSFORD', state: 'VIC', postcode: '3067' });
    expect(parseAddress('Surry Hills')).toMatchObject({ suburb: 'SURRY HILLS', postcode: null });
  });

  it('is not confused by punctuation or spacing', () => {
    expect(parseAddress('  85   turner st.,  abbotsford,  vic  3067 ')).toMatchObject({ streetNumber: '85', street: 'TURNER ST', suburb: 'ABBOTSFORD', state: 'VIC', postcode: '3067' });
  });

  it('abbreviates street types in the street only: a suburb keeps its words (Lane Cove, Banksia Grove)', () => {
    // Found by bench:portfolio-unseen: "LANE COVE NORTH" was read as "LA COVE NORTH" and could not be placed.
    expect(parseAddress('191 High Street, Lane Cove North NSW 2066')).toMatchObject({ street: 'HIGH ST', suburb: 'LANE COVE NORTH', state: 'NSW', postcode: '2066' });
    expect(parseAddress('35 Nivea Street, Banksia Grove WA 6031').suburb).toBe('BANKSIA GROVE');
    expect(parseAddress('10 High St Wattle Grove NSW 2173')).toMatchObject({ street: 'HIGH ST', suburb: 'WATTLE GROVE' });
    expect(parseAddress('Orange Grove WA').suburb).toBe('ORANGE GROVE');
  });
});
