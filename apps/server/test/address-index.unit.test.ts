import { describe, expect, it } from 'vitest';
import type { AddressSearchEntry } from '@propguard/db';
import { buildAddressIndex, toDisplayName } from '../src/services/address-search/address-index.ts';

const address = (rowId: number, street: string, suburb: string, postcode: string, type = 'house'): AddressSearchEntry => ({
  kind: 'address', rowId, address: street, suburb, state: 'VIC', postcode, type,
});
const locality = (rowId: number, name: string, state: string, postcode: string): AddressSearchEntry => ({
  kind: 'locality', rowId, address: name, suburb: name, state, postcode, type: 'Delivery Area',
});

const ENTRIES: AddressSearchEntry[] = [
  address(1, '12 Collins St', 'Melbourne', '3000', 'unit'),
  address(2, '14 Collins St', 'Melbourne', '3000'),
  address(3, '120 Collins St', 'Melbourne', '3000'),
  address(4, '12 Collins Street', 'Thornbury', '3071'),
  address(5, '12 Colin St', 'Sunshine', '3020'),
  address(6, '3/12 Smith St', 'Richmond', '3121'),
  address(7, '8 Richmond Tce', 'Richmond', '3121'),
  locality(1, 'RICHMOND', 'VIC', '3121'),
  locality(2, 'RICHMOND', 'NSW', '2753'),
  locality(3, 'MELBOURNE', 'VIC', '3000'),
];

describe('address suggestion index', () => {
  const index = buildAddressIndex(ENTRIES);
  const ids = (query: string, limit = 10) => index.search(query, limit).map((suggestion) => suggestion.id);

  it('finds "12 Collins St" from "12 colins st", the house number first', () => {
    const found = ids('12 colins st');
    expect(found[0]).toBe('address-1');
    // Number 12 on a street one edit away ("Collins", "Colin") before other numbers on Collins St.
    expect(found.slice(1, 3).sort()).toEqual(['address-4', 'address-5']);
    expect(found.indexOf('address-4')).toBeLessThan(found.indexOf('address-2'));
    expect(found.indexOf('address-4')).toBeLessThan(found.indexOf('address-3'));
  });

  it('treats "Street" and "St" as one word', () => {
    expect(ids('12 collins street melbourne')[0]).toBe('address-1');
    expect(ids('12 collins st thornbury')[0]).toBe('address-4');
  });

  it('ranks a term found as typed above a typo-corrected one', () => {
    expect(ids('12 colin st')[0]).toBe('address-5');
  });

  it('completes the last word as a prefix', () => {
    expect(ids('12 collins st thorn')[0]).toBe('address-4');
    expect(ids('melb')[0]).toBe('locality-3');
  });

  it('puts a locality named like the query above addresses in it or on a street of that name', () => {
    const found = ids('richmond');
    expect(found.slice(0, 2).sort()).toEqual(['locality-1', 'locality-2']);
    expect(ids('richmnd vic')[0]).toBe('locality-1');
  });

  it('matches a unit address by its street number', () => {
    expect(ids('12 smith st')[0]).toBe('address-6');
  });

  it('answers the same order every time, and nothing for blank or unknown text', () => {
    expect(ids('collins')).toEqual(ids('collins'));
    expect(ids('   ')).toEqual([]);
    expect(ids('qqqzzz')).toEqual([]);
  });

  it('shapes suggestions for the box', () => {
    const [unit] = index.search('12 collins st melbourne', 1);
    expect(unit).toEqual({ id: 'address-1', address: '12 Collins St', suburb: 'Melbourne', state: 'VIC', postcode: '3000', type: 'unit', kind: 'address', label: '12 Collins St, Melbourne VIC 3000' });
    const [place] = index.search('richmond nsw', 1);
    expect(place).toMatchObject({ id: 'locality-2', address: 'Richmond', label: 'Richmond NSW 2753', type: 'locality', kind: 'locality' });
    expect(index.addressCount).toBe(7);
    expect(index.localityCount).toBe(3);
  });

  it('answers a repeated query as the first time, with the term cache full or evicting', () => {
    const queries = ['12 colins st', 'richmond', '3/12 smith', '12 collins street melbourne', 'richmnd', '3121', '12 colins st', 'richmond nsw', 'richmond'];
    const scores = (built: ReturnType<typeof buildAddressIndex>) => queries.map((query) => built.search(query, 10).map((suggestion) => suggestion.id));
    const firstTime = queries.map((query) => buildAddressIndex(ENTRIES).search(query, 10).map((suggestion) => suggestion.id));
    // A cache of one entry score (or one answer) evicts on every new term (or query); the default keeps them all.
    expect(scores(buildAddressIndex(ENTRIES, { termCacheEntries: 1, answersKept: 1 }))).toEqual(firstTime);
    const cached = buildAddressIndex(ENTRIES);
    scores(cached);
    expect(scores(cached)).toEqual(firstTime);
    // A caller's change to its answer is not seen by the next caller.
    const [mine] = cached.search('12 colins st', 1);
    mine!.label = 'changed';
    expect(cached.search('12 colins st', 1)[0]!.label).toBe('12 Collins St, Melbourne VIC 3000');
    // The same terms however typed are one question.
    expect(cached.search('12  Colins   ST', 10).map((suggestion) => suggestion.id)).toEqual(firstTime[0]);
    expect(firstTime[0]![0]).toBe('address-1');
  });

  it('writes gazetteer names as people do', () => {
    expect(toDisplayName('RICHMOND VALE')).toBe('Richmond Vale');
    expect(toDisplayName("O'CONNOR")).toBe("O'Connor");
    expect(toDisplayName('Kew East')).toBe('Kew East');
  });
});
