/** Sale methods: the source codes mapped to our normalised vocabulary (property types: readPropertyType of packages/schemas). */
import type { SaleMethod } from './sale-record.ts';

/** Melbourne's Method codes, as documented in data/melbourne-housing-sales/SOURCE.md. */
const MELBOURNE_METHOD_CODES: Readonly<Record<string, SaleMethod>> = {
  S: 'sold',
  SP: 'sold_prior',
  PI: 'passed_in',
  PN: 'sold_prior_not_disclosed',
  SN: 'sold_not_disclosed',
  VB: 'vendor_bid',
  W: 'withdrawn',
  SA: 'sold_after_auction',
  SS: 'sold_after_auction_not_disclosed',
};

/** Words a user's file may use for a method, besides the codes and our own names. */
const METHOD_WORDS: Readonly<Record<string, SaleMethod>> = {
  SOLD: 'sold',
  PRIVATE_TREATY: 'sold',
  AUCTION: 'sold',
  SOLD_AT_AUCTION: 'sold',
  SOLD_PRIOR: 'sold_prior',
  SOLD_PRIOR_TO_AUCTION: 'sold_prior',
  PASSED_IN: 'passed_in',
  VENDOR_BID: 'vendor_bid',
  WITHDRAWN: 'withdrawn',
  SOLD_AFTER_AUCTION: 'sold_after_auction',
  SOLD_NOT_DISCLOSED: 'sold_not_disclosed',
  SOLD_PRIOR_NOT_DISCLOSED: 'sold_prior_not_disclosed',
  SOLD_AFTER_AUCTION_NOT_DISCLOSED: 'sold_after_auction_not_disclosed',
};

/** A method code or word (case and spacing ignored), or null when it is not one we know. */
export function normaliseSaleMethod(raw: string): SaleMethod | null {
  const word = raw.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return MELBOURNE_METHOD_CODES[word] ?? METHOD_WORDS[word] ?? null;
}
