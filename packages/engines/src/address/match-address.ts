import { normaliseAddressText, type ParsedAddress } from './parse-address.ts';

export interface AddressLike {
  address: string;
  suburb: string;
  postcode: string | null;
}

/**
 * The first candidate that is the same property as the typed address: same street number and
 * street (after normalising street types), and the same suburb and postcode where the typed text
 * has them. Trigram similarity alone would take "14 Collins St" for "12 Collins St".
 */
export function pickAddressMatch<T extends AddressLike>(typed: ParsedAddress, candidates: readonly T[]): T | null {
  if (!typed.streetNumber || !typed.street) return null;
  const wanted = `${typed.streetNumber} ${typed.street}`;
  for (const candidate of candidates) {
    if (normaliseAddressText(candidate.address) !== wanted) continue;
    if (typed.postcode && candidate.postcode !== typed.postcode) continue;
    if (typed.suburb && normaliseAddressText(candidate.suburb) !== normaliseAddressText(typed.suburb)) continue;
    return candidate;
  }
  return null;
}

