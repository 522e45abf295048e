/**
 * The offline test processor's cards: the published Stripe test numbers, so the same cards
 * behave the same way with the test processor and in Stripe's test mode.
 * Source: https://docs.stripe.com/testing (card numbers and decline codes).
 */
export type TestCardOutcome =
  | { isApproved: true; brand: string }
  | { isApproved: false; brand: string; declineCode: string; message: string };

const DECLINES: Record<string, { declineCode: string; message: string }> = {
  '4000000000000002': { declineCode: 'card_declined', message: 'Your card was declined. No charge was made and your plan is unchanged; try another card.' },
  '4000000000009995': { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds. No charge was made and your plan is unchanged.' },
  '4000000000000069': { declineCode: 'expired_card', message: 'Your card has expired. No charge was made and your plan is unchanged.' },
  '4000000000000127': { declineCode: 'incorrect_cvc', message: 'Your card\'s security code is incorrect. No charge was made and your plan is unchanged.' },
};

/** Luhn checksum (ISO/IEC 7812-1 Annex B): catches most mistyped card numbers. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card brand from the number's leading digits (IIN ranges). */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** How the test processor answers a card: declines for the decline test numbers, approval for other valid numbers. */
export function testCardOutcome(digits: string): TestCardOutcome {
  const brand = cardBrandOf(digits);
  const decline = DECLINES[digits];
  return decline ? { isApproved: false, brand, ...decline } : { isApproved: true, brand };
}

/** "Visa ending 4242". */
export function describeCard(digits: string): string {
  return `${cardBrandOf(digits)} ending ${digits.slice(-4)}`;
}

/** Is the card's expiry (month/year) at or after the given month? Cards are valid to the end of their month. */
export function isCardExpired(expMonth: number, expYear: number, at: Date): boolean {
  return expYear < at.getUTCFullYear() || (expYear === at.getUTCFullYear() && expMonth < at.getUTCMonth() + 1);
}
