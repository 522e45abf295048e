/**
 * Small pure parsers shared by every source: they turn one CSV cell into a typed value or say
 * why they could not. A blank cell is `null` (missing), never zero.
 */
import { reject, type Rejection } from './sale-record.ts';

export type Parsed<T> = { ok: true; value: T } | Rejection;

export function isBlank(value: string | undefined): boolean {
  const text = value?.trim().toUpperCase();
  // 'NA' and Excel's '#N/A' (one Melbourne Postcode) mean missing, like an empty cell.
  return text === undefined || text === '' || text === 'NA' || text === '#N/A';
}

/** A finite number (commas and a leading '$' are tolerated: "1,250,000", "$650000"). */
export function parseNumberCell(field: string, value: string | undefined): Parsed<number | null> {
  if (isBlank(value)) return { ok: true, value: null };
  const text = (value as string).trim().replace(/^\$/, '').replaceAll(',', '');
  const number = Number(text);
  if (text === '' || !Number.isFinite(number)) return reject('not_a_number', `${field} "${value}" is not a number`);
  return { ok: true, value: number };
}

/** A whole count (bedrooms, car spaces); "3.0" is accepted, "2.5" is not. */
export function parseCountCell(field: string, value: string | undefined): Parsed<number | null> {
  const parsed = parseNumberCell(field, value);
  if (!parsed.ok || parsed.value === null) return parsed;
  if (!Number.isInteger(parsed.value) || parsed.value < 0) {
    return reject('invalid_value', `${field} "${value}" is not a whole number of 0 or more`);
  }
  return parsed;
}

function isValidCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface ParsedDate {
  isoDate: string;
  precision: 'day' | 'month';
}

/**
 * Dates as the sources write them: ISO `YYYY-MM-DD` (Sydney, imports), Australian day-first
 * `D/MM/YYYY` (Melbourne), month-only `MM-YYYY` (Perth) and `YYYY-MM`.
 */
export function parseDateCell(field: string, value: string | undefined): Parsed<ParsedDate | null> {
  if (isBlank(value)) return { ok: true, value: null };
  const text = (value as string).trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return buildDate(field, value, Number(match[1]), Number(match[2]), Number(match[3]), 'day');
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return buildDate(field, value, Number(match[3]), Number(match[2]), Number(match[1]), 'day');
  match = /^(\d{1,2})-(\d{4})$/.exec(text);
  if (match) return buildDate(field, value, Number(match[2]), Number(match[1]), 1, 'month');
  match = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (match) return buildDate(field, value, Number(match[1]), Number(match[2]), 1, 'month');
  return reject('invalid_date', `${field} "${value}" is not a date (use YYYY-MM-DD, D/MM/YYYY or MM-YYYY)`);
}

function buildDate(field: string, raw: string | undefined, year: number, month: number, day: number, precision: 'day' | 'month'): Parsed<ParsedDate> {
  if (!isValidCalendarDate(year, month, day) || year < 1900 || year > 2100) {
    return reject('invalid_date', `${field} "${raw}" is not a valid calendar date`);
  }
  return { ok: true, value: { isoDate: formatIsoDate(year, month, day), precision } };
}

/** Trimmed text or null. */
export function parseTextCell(value: string | undefined): string | null {
  if (isBlank(value)) return null;
  return (value as string).trim().replace(/\s+/g, ' ');
}

/** Australian postcodes are 4 digits; CSV tools often drop the leading zero (800 -> 0800). */
export function parsePostcodeCell(field: string, value: string | undefined): Parsed<string | null> {
  if (isBlank(value)) return { ok: true, value: null };
  const text = (value as string).trim().replace(/\.0+$/, '');
  if (!/^\d{3,4}$/.test(text)) return reject('invalid_value', `${field} "${value}" is not a 4-digit postcode`);
  return { ok: true, value: text.padStart(4, '0') };
}
