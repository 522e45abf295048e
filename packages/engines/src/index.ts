/**
 * @propguard/engines: the pure domain code of PropGuard (valuation inference, hazards, market
 * maths, lending rules, report content). Every function takes its inputs, reference tables and
 * dates as arguments and returns a result; nothing here does I/O, reads the environment or the
 * clock (enforced by eslint.config.js and scripts/test/architecture.test.ts).
 *
 * The engines arrive with their issues (valuation, hazards, market, lending rules).
 */
export const ENGINES_PACKAGE = '@propguard/engines';
export { parseAddress, normaliseAddressText, type ParsedAddress } from './address/parse-address.ts';
export { pickAddressMatch, type AddressLike } from './address/match-address.ts';
