import { countSuburbSalesByState } from '@propguard/db';
import { choosePlace, type PlaceChoice, type SearchLocation } from '@propguard/engines';
import type { AppContext } from '../app-context.ts';

/**
 * A suburb typed without a state or postcode that exists in several states ("Richmond") is read as
 * the one with the most sales in our data, and the choice is returned to be disclosed with its
 * alternatives ("Did you mean"). Any other location is returned as it is, with no choice.
 */
export async function resolvePlace(context: AppContext, location: SearchLocation): Promise<{ location: SearchLocation; choice: PlaceChoice | null }> {
  if (location.kind !== 'suburb' || location.state || location.postcode) return { location, choice: null };
  const choice = choosePlace(location.suburb, await countSuburbSalesByState(context.database, location.suburb));
  if (!choice) return { location, choice: null };
  return { location: { ...location, state: choice.state as Extract<SearchLocation, { kind: 'suburb' }>['state'] }, choice };
}
