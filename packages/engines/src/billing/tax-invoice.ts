/**
 * What an Australian receipt states besides the amount (issue 30): the GST included in a
 * GST-inclusive price, and the seller's ABN, checked and written as the ABR writes it. Pure.
 */

/** GST is 10% of the GST-exclusive price, so a GST-inclusive price holds 1/11 of itself as GST. */
const GST_SHARE_OF_INCLUSIVE_PRICE = 1 / 11;

/**
 * The GST included in a GST-inclusive amount, in whole cents (rounded to the nearest cent).
 * @example gstIncludedCents(29900) // 2718 ($27.18 of $299.00)
 * @example gstIncludedCents(1100) // 100
 */
export function gstIncludedCents(amountCents: number): number {
  return Math.round(amountCents * GST_SHARE_OF_INCLUSIVE_PRICE);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * Whether text is an ABN: 11 digits (spaces allowed) passing the Australian Business Register's
 * check (subtract 1 from the first digit, weight the digits, the sum divisible by 89).
 * @example isValidAbn('51 824 753 556') // true
 * @example isValidAbn('51 824 753 557') // false
 */
export function isValidAbn(text: string): boolean {
  const digits = text.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, index) => total + weight * (Number(digits[index]) - (index === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/**
 * An ABN as the register writes it: "51 824 753 556".
 * @example formatAbn('51824753556') // '51 824 753 556'
 */
export function formatAbn(text: string): string {
  const digits = text.replace(/\s/g, '');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
