/**
 * readCsvRows (issue 32.1): the bundled data files' rows, read with d3-dsv a chunk of complete lines
 * at a time, are csv-parse's rows (the reader before it), quoted line breaks, doubled quotes, a
 * byte-order mark, CRLF, empty lines and characters split across chunks included.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../src/ingest/read-source-file.ts';
import { FIXTURE_DATA_DIR } from './support/test-databases.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'propguard-csv-'));

async function readAll(file: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for await (const row of readCsvRows(file)) rows.push(row);
  return rows;
}

/** What csv-parse made of the same text with the options the reader had before. */
function csvParseRows(text: string): Record<string, string>[] {
  return parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: false }) as Record<string, string>[];
}

/** A text of many chunks (the stream reads 64 KiB at a time) whose quoted fields hold commas, quotes, line breaks and multi-byte characters. */
function awkwardCsv(rows: number): string {
  const lines = ['\ufeffid,name,note,price'];
  for (let i = 0; i < rows; i += 1) {
    const note = i % 3 === 0 ? `"line one\r\nline two, with a comma and ""quotes"" ${i}"` : i % 3 === 1 ? `"Café Ōtautahi ${'é'.repeat(i % 50)}"` : `plain ${i}`;
    lines.push(`${i},"Smith, J",${note},${1000 + i}`);
    if (i % 97 === 0) lines.push('');
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('readCsvRows', () => {
  it('gives csv-parse\'s rows for a text of quoted line breaks, quotes, a BOM, CRLF and empty lines over many chunks, plain or gzip', async () => {
    const text = awkwardCsv(20_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(10 * 65_536);
    const plain = path.join(folder, 'awkward.csv');
    writeFileSync(plain, text);
    const gzipped = path.join(folder, 'awkward.csv.gz');
    writeFileSync(gzipped, gzipSync(text));
    const expected = csvParseRows(text);
    expect(expected).toHaveLength(20_000);
    expect(expected[0]).toEqual({ id: '0', name: 'Smith, J', note: 'line one\r\nline two, with a comma and "quotes" 0', price: '1000' });
    expect(await readAll(plain)).toEqual(expected);
    expect(await readAll(gzipped)).toEqual(expected);
  });

  it('gives csv-parse\'s rows for every CSV of the API suites\' data', async () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.csv(\.gz)?$/.test(entry.name)) files.push(full);
      }
    };
    walk(FIXTURE_DATA_DIR);
    expect(files.map((file) => path.basename(file)).sort()).toEqual(['SydneyHousePrices.csv.gz', 'australian_postcodes.csv.gz', 'melbourne_housing_full.csv.gz', 'perth_house_sales.csv.gz']);
    for (const file of files) {
      const bytes = readFileSync(file);
      const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
      expect(await readAll(file), file).toEqual(csvParseRows(text));
    }
  });

  it('reads a file without a final line break, and an empty one', async () => {
    const last = path.join(folder, 'no-final-break.csv');
    writeFileSync(last, 'a,b\n1,2\n3,"4\n5"');
    expect(await readAll(last)).toEqual([{ a: '1', b: '2' }, { a: '3', b: '4\n5' }]);
    const empty = path.join(folder, 'empty.csv');
    writeFileSync(empty, '');
    expect(await readAll(empty)).toEqual([]);
  });

  it('refuses a row whose number of fields is not the header\'s, naming the file (not its folder) and the row', async () => {
    const file = path.join(folder, 'short-row.csv');
    writeFileSync(file, 'a,b,c\n1,2,3\n4,5\n');
    const rows: Record<string, string>[] = [];
    await expect(async () => {
      for await (const row of readCsvRows(file)) rows.push(row);
    }).rejects.toThrow(/^short-row\.csv: row 3 has 2 fields where the header has 3$/);
    expect(rows).toEqual([{ a: '1', b: '2', c: '3' }]);
  });

  it('passes a missing file\'s error on', async () => {
    await expect(readAll(path.join(folder, 'missing.csv'))).rejects.toThrow(/ENOENT/);
  });
});
