// The address suggestions' index built after the server is ready (issue 32): the stepped build is
// the same index, a suggestion asked for during the build waits for it, and a failed build says why.
import { describe, expect, it } from 'vitest';
import type { AddressSearchEntry } from '@propguard/db';
import { buildAddressIndex, buildAddressIndexInSteps, type AddressIndexState } from '../src/services/address-search/address-index.ts';
import { addressIndexInBackground, suggestAddresses } from '../src/services/address-search/address-search-service.ts';
import type { AppContext } from '../src/services/app-context.ts';

const STREETS = ['Collins St', 'Smith St', 'Church St', 'High St', 'Lygon St', 'Sydney Rd', 'Station St', 'Park Rd', 'Bridge Rd'];
const SUBURBS: [string, string][] = [['Melbourne', '3000'], ['Richmond', '3121'], ['Fitzroy', '3065'], ['Carlton', '3053'], ['Brunswick', '3056']];

/** 9,000 addresses: more than two steps of the stepped build. */
const ENTRIES: AddressSearchEntry[] = Array.from({ length: 9_000 }, (_, position) => {
  const [suburb, postcode] = SUBURBS[position % SUBURBS.length]!;
  return { kind: 'address', rowId: position + 1, address: `${1 + (position % 200)} ${STREETS[position % STREETS.length]}`, suburb, state: 'VIC', postcode, type: 'house' };
});

const contextWith = (addressIndex: AddressIndexState) => ({ addressIndex }) as unknown as AppContext;

describe('the address index built in steps, after ready', () => {
  it('builds in steps the index the one-go build makes', async () => {
    const whole = buildAddressIndex(ENTRIES);
    const stepped = await buildAddressIndexInSteps(ENTRIES);
    for (const query of ['12 collins st', '150 smth st richmond', 'carlton 3053', '7 bridge', 'lygon']) expect(stepped.search(query, 8)).toEqual(whole.search(query, 8));
    expect(stepped.addressCount).toBe(9_000);
  });

  it('answers a suggestion asked for during the build once the build is done, and reports the build', async () => {
    let finish: (state: AddressIndexState) => void = () => undefined;
    const reported: AddressIndexState[] = [];
    const state = addressIndexInBackground(() => new Promise((resolve) => { finish = resolve; }), (built) => reported.push(built));
    expect(state.ready).toBe(false);
    const context = contextWith(state);
    const asked = suggestAddresses(context, '12 collins', 5);
    finish({ ready: true, index: buildAddressIndex(ENTRIES), loadMs: 5 });
    const answer = await asked;
    expect(answer.suggestions[0]?.address).toBe('12 Collins St');
    expect(state.ready).toBe(true);
    expect(reported).toHaveLength(1);
    // Later calls read the filled-in state at once.
    expect((await suggestAddresses(context, 'smith st', 3)).suggestions).toHaveLength(3);
  });

  it('says why when the build fails', async () => {
    const state = addressIndexInBackground(async () => ({ ready: false, reason: 'The address index could not be built: no entries' }));
    await expect(suggestAddresses(contextWith(state), 'collins', 5)).rejects.toThrow(/could not be built/);
  });
});
