const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * Whole Australian dollars, as every screen, report and summary shows them (DESIGN.md section 6).
 * One formatter for the web, the engines' texts and the server's PDFs.
 * @example formatAud(1250000) // '$1,250,000'
 */
export function formatAud(amountAud: number): string {
  return AUD.format(Math.round(amountAud));
}

const AUD_CENTS = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Whole cents as dollars and cents, for prices and invoices (the one place cents are shown).
 * @example formatCents(50) // '$0.50'; formatCents(29900) // '$299.00'
 */
export function formatCents(amountCents: number): string {
  return AUD_CENTS.format(amountCents / 100);
}

/** Australian dates are what we show: every screen, receipt and report reads a date in this zone. */
export const AUSTRALIAN_TIME_ZONE = 'Australia/Sydney';

const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: AUSTRALIAN_TIME_ZONE });

/**
 * A long Australian date, the same on every machine (the screen and the server's PDFs).
 * @example formatLongDate('2026-11-22') // '22 November 2026'
 * @example formatLongDate('2026-11-27T23:30:00Z') // '28 November 2026' (10:30 am in Sydney)
 */
export function formatLongDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return LONG_DATE.format(date);
}

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: AUSTRALIAN_TIME_ZONE });

/**
 * The Australian calendar day of an instant, as an ISO date.
 * @example australianDateOf('2026-11-27T23:30:00Z') // '2026-11-28'
 */
export function australianDateOf(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return ISO_DAY.format(date);
}

/**
 * A hazard or risk score (0-100) as every screen, report, text and CLI shows it: "43/100", never
 * "43%" on one tab and "43/100" on the next (issues 28 and 33). Scores carried as 0-1 fractions (a
 * listing's climate_risks) are multiplied by 100 by the caller first. CSV exports carry the bare
 * 0-100 number in a column named for the hazard (the same scale, machine-readable).
 * @example formatHazardScore(43) // '43/100'; formatHazardScore(42.6) // '43/100'
 */
export function formatHazardScore(score: number): string {
  return `${Math.round(score)}/100`;
}
