/**
 * en-AU formatting used on every screen (DESIGN.md section 6): whole Australian dollars,
 * "$1.3M" for millions in search cards, and long-form Australian dates.
 */
import { formatAud, formatCents, formatHazardScore } from '@propguard/schemas';

const LONG_DATE = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // Fixed so that a date reads the same on every machine; Australian dates are what we show.
  timeZone: 'Australia/Sydney',
});

const ONE_MILLION = 1_000_000;

/** formatAud(1250000) -> "$1,250,000" (rounded to whole dollars): the one formatter of packages/schemas. */
export { formatAud, formatCents };

/** formatHazardScore(43) -> "43/100": the one display of a hazard score (packages/schemas, shared with the reports and texts). */
export { formatHazardScore };

/** formatAudCompact(1300000) -> "$1.3M"; amounts under a million read as formatAud does. */
export function formatAudCompact(amountAud: number): string {
  if (Math.abs(amountAud) < ONE_MILLION) return formatAud(amountAud);
  // Round in tenths of a million first: 12_450_000 / 1e6 is 12.449999... in binary, toFixed alone gives 12.4.
  const millions = (Math.round(Math.abs(amountAud) / (ONE_MILLION / 10)) / 10).toFixed(1);
  return `${amountAud < 0 ? '-' : ''}$${millions}M`;
}

/** formatLongDate('2026-11-22') -> "22 November 2026". Accepts a Date or an ISO 8601 string. */
export function formatLongDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return LONG_DATE.format(date);
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

const TIME = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'Australia/Sydney' });

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

