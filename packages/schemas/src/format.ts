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

/** Australian state and territory codes: kept upper-case wherever they stand in a name. */
const STATE_CODES: ReadonlySet<string> = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']);

function titleCaseWord(word: string): string {
  // A word already in mixed case ("McKinnon", "St Kilda") is as its source wrote it: kept.
  if (word !== word.toUpperCase() && word !== word.toLowerCase()) return word;
  const upper = word.toUpperCase();
  if (STATE_CODES.has(upper)) return upper;
  // "1ST" -> "1st" (an ordinal); "12a" -> "12A" (a number with its letter suffix is upper-case).
  if (/^\d+(st|nd|rd|th)$/i.test(word)) return word.toLowerCase();
  if (/^\d/.test(word)) return upper;
  const lower = word.toLowerCase();
  // "MCMAHONS" -> "McMahons" (a Mc name with at least two letters after the prefix).
  if (/^mc[a-z]{2,}/.test(lower)) return `Mc${lower.charAt(2).toUpperCase()}${lower.slice(3)}`;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * A suburb, street, address or place as people write it, for every screen, report and export:
 * "BONDI" -> "Bondi", "85 TURNER ST, ABBOTSFORD VIC 3067" -> "85 Turner St, Abbotsford VIC 3067".
 * State codes stay upper-case, words the source already wrote in mixed case are kept, and
 * hyphenated and apostrophe parts are capitalised each ("O'CONNOR" -> "O'Connor"). The stored
 * record keeps the source's case: this formats at presentation only.
 * @example formatPlaceName('BONDI BEACH NSW 2026') // 'Bondi Beach NSW 2026'
 */
export function formatPlaceName(text: string): string;
export function formatPlaceName(text: string | null): string | null;
export function formatPlaceName(text: string | null | undefined): string | null | undefined;
export function formatPlaceName(text: string | null | undefined): string | null | undefined {
  if (text === null || text === undefined) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word, offset: number) => {
    const before = offset > 0 ? text.charAt(offset - 1) : '';
    // The part after an apostrophe is a name ("O'Connor") unless it is a possessive "s" ("ST JOHN'S").
    if (before === "'" && /^s$/i.test(word)) return word.toLowerCase();
    return titleCaseWord(word);
  });
}

/**
 * A place's locality line as every screen, report and export shows it: suburb, state and postcode
 * in formatPlaceName's case ("ABBOTSFORD", "VIC", "3067" -> "Abbotsford VIC 3067"); '' when none is known.
 */
export function formatLocality(place: { suburb?: string | null; state?: string | null; postcode?: string | null }): string {
  return formatPlaceName([place.suburb, place.state, place.postcode].filter(Boolean).join(' '));
}
