/**
 * en-AU formatting used on every screen (DESIGN.md section 6): whole Australian dollars,
 * "$1.3M" for millions in search cards, and long-form Australian dates.
 */
import { AUSTRALIAN_TIME_ZONE, formatAud, formatCents, formatHazardScore, formatLocality, formatLongDate, formatPlaceName } from '@propguard/schemas';

const ONE_MILLION = 1_000_000;

/** formatAud(1250000) -> "$1,250,000" (rounded to whole dollars) and formatLongDate('2026-11-22') -> "22 November 2026" (Sydney time): the one formatters of packages/schemas, shared with the server's PDFs. */
export { formatAud, formatCents, formatLongDate };

/** formatHazardScore(43) -> "43/100": the one display of a hazard score (packages/schemas, shared with the reports and texts). */
export { formatHazardScore };

/** formatPlaceName('BONDI') -> "Bondi", formatLocality(listing) -> "Bondi NSW 2026": names as people write them (packages/schemas, shared with the reports and exports). */
export { formatLocality, formatPlaceName };

/** formatAudCompact(1300000) -> "$1.3M"; amounts under a million read as formatAud does. */
export function formatAudCompact(amountAud: number): string {
  if (Math.abs(amountAud) < ONE_MILLION) return formatAud(amountAud);
  // Round in tenths of a million first: 12_450_000 / 1e6 is 12.449999... in binary, toFixed alone gives 12.4.
  const millions = (Math.round(Math.abs(amountAud) / (ONE_MILLION / 10)) / 10).toFixed(1);
  return `${amountAud < 0 ? '-' : ''}$${millions}M`;
}

/** formatPercent(0.823) -> "82%"; for fractions between 0 and 1. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** formatSignedPercent(-0.354) -> "-35.4%", formatSignedPercent(0.052) -> "+5.2%": changes, one decimal, the sign always shown. */
export function formatSignedPercent(fraction: number): string {
  const text = (fraction * 100).toFixed(1);
  // -0.0001 rounds to "-0.0": a change too small to show has no sign.
  if (Number(text) === 0) return '0.0%';
  return `${fraction > 0 ? '+' : ''}${text}%`;
}

const TIME = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: AUSTRALIAN_TIME_ZONE });

/** formatTime('2026-11-22T03:04:05Z') -> "2:04:05 pm" (Sydney time). */
export function formatTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${String(value)}`);
  return TIME.format(date);
}

/** formatLatency(3.456) -> "3.5 ms"; formatLatency(42.2) -> "42 ms". */
export function formatLatency(milliseconds: number): string {
  return `${milliseconds < 10 ? milliseconds.toFixed(1) : Math.round(milliseconds).toLocaleString('en-AU')} ms`;
}

