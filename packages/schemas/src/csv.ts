/**
 * The one CSV writer of the product (issue 30): the web's analysis export, a portfolio's
 * results.csv (uploaded cells echoed back) and the CLI's `value --csv` and `risk --csv` outputs.
 * Built on csv-stringify's sync API, browser build (pure: no streams, no global Buffer), so the web runs it too.
 *
 * Formula injection (OWASP "CSV injection"): a text cell that begins with =, +, -, @, a tab or a
 * carriage return would run as a formula when the file is opened in a spreadsheet, so it is
 * written with a single quote in front ("=HYPERLINK(...)" -> "'=HYPERLINK(...)"). Two kinds of
 * cell are left as they are, because a spreadsheet reads them as the number they are and nothing
 * can run: cells typed as numbers (a negative contribution, -12500), and text that is exactly a
 * decimal number ("-33.8688", an uploaded latitude echoed back), so that the figures of a file
 * stay figures. Anything else after the sign ("-1+2", "+61 2 9999 0000") is quoted.
 */
// The browser build: the same code with its own Buffer, so the web bundle runs it too (the Node entry reads the global Buffer, which a browser lacks).
import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvCell = string | number | boolean | null | undefined;

/** A plain decimal number written as text: "-33.8688", "+5", "1e6", ".5". */
const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export interface CsvOptions {
  /** Line ending after every row: '\n' (default; files for programs) or '\r\n' (RFC 4180, for spreadsheets). */
  lineEnding?: '\n' | '\r\n';
}

/**
 * Rows to CSV text, every row ended by the line ending. Cells are quoted when they hold a comma,
 * a quote or a line break; null and undefined are empty; booleans read "true" and "false".
 * @example toCsv([['name', 'value'], ['=1+1', -5]]) // "name,value\n'=1+1,-5\n"
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  if (rows.length === 0) return '';
  return stringify(rows as CsvCell[][], {
    record_delimiter: options.lineEnding ?? '\n',
    // Quote a cell holding any line break (a lone \r too), whatever the file's own line ending.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      string: (value) => (DECIMAL_NUMBER.test(value) ? { value, escape_formulas: false } : value),
    },
  });
}
