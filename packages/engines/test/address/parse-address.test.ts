import { describe, expect, it } from 'vitest';
import { canonicalUnitForm, normaliseAddressText, parseAddress, streetLineKey } from '../../src/address/parse-address.ts';

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

describe('streetLineKey: one key however a street line is written (issue 31)', () => {
  it('ignores case, punctuation and the street type\'s spelling', () => {
    expect(streetLineKey('49 Glass St')).toBe('49 GLASS ST');
    for (const line of ['49 glass street', '49 Glass St.', ' 49  GLASS  ST ']) expect(streetLineKey(line), line).toBe('49 GLASS ST');
    // The types Melbourne abbreviates its own way and Perth spells out.
    expect(streetLineKey('16 Dacelo Vista')).toBe(streetLineKey('16 Dacelo Vs'));
    expect(streetLineKey('4 Lark Rise')).toBe(streetLineKey('4 Lark Ri'));
    expect(streetLineKey('9 Kings Mews')).toBe(streetLineKey('9 Kings Mw'));
    expect(streetLineKey('2 Sea Promenade')).toBe(streetLineKey('2 Sea Prm'));
  });

  it('writes every unit form as the sources do: "unit/number"', () => {
    for (const line of ['Unit 1, 21 Smith St', 'Unit 1/21 Smith Street', 'unit 1 21 smith st', 'U1/21 Smith St', 'U 1/21 Smith St', 'Apt 1, 21 Smith St', 'Apartment 1, 21 Smith St', 'Flat 1, 21 Smith St', '1 / 21 Smith St', '1/21 Smith St']) {
      expect(streetLineKey(line), line).toBe('1/21 SMITH ST');
    }
    expect(streetLineKey('Unit 3A, 12-14 Smith St')).toBe('3A/12-14 SMITH ST');
    expect(canonicalUnitForm('21 Smith St')).toBe('21 Smith St');
    // A unit number without a street number is left as written.
    expect(canonicalUnitForm('Unit 4 Smith St')).toBe('Unit 4 Smith St');
  });

  it('parses "Unit 3, 12 Smith St, Richmond VIC 3121" as "3/12 Smith St" in Richmond', () => {
    expect(parseAddress('Unit 3, 12 Smith St, Richmond VIC 3121')).toMatchObject({ streetNumber: '3/12', street: 'SMITH ST', suburb: 'RICHMOND', state: 'VIC', postcode: '3121' });
    expect(parseAddress('Unit 3 12 Smith Street Richmond')).toMatchObject({ streetNumber: '3/12', street: 'SMITH ST', suburb: 'RICHMOND' });
  });
});
