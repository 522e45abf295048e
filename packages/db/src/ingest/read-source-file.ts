/** Reading the data files: plain or gzip-compressed (name.gz), streamed, with their checksums. */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { csvParseRows } from 'd3-dsv';

/** The path of `relativePath` in `dataDir`, preferring the committed `.gz` form; null when neither exists. */
export function resolveDataFile(dataDir: string, relativePath: string): string | null {
  for (const candidate of [`${dataDir}/${relativePath}.gz`, `${dataDir}/${relativePath}`]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The files of `directory` in `dataDir` whose names match `pattern`, sorted by name; null when there are none. */
export function listDataFiles(dataDir: string, directory: string, pattern: RegExp): string[] | null {
  const folder = `${dataDir}/${directory}`;
  if (!existsSync(folder)) return null;
  const names = readdirSync(folder).filter((name) => pattern.test(name)).sort();
  return names.length === 0 ? null : names.map((name) => `${folder}/${name}`);
}

export function openDecompressedStream(path: string): Readable {
  const raw = createReadStream(path);
  if (!path.endsWith('.gz')) return raw;
  const gunzip = createGunzip();
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/** sha256 (hex) of the file's bytes as stored. */
export async function computeFileChecksum(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** sha256 over several files' checksums (a data set split into files, e.g. one GeoJSON per state). */
export async function computeFilesChecksum(paths: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(`${path.split('/').pop()}:${await computeFileChecksum(path)}\n`);
  return hash.digest('hex');
}

/**
 * Where the complete lines of `text` end: its last line break outside quotes (RFC 4180 doubles a
 * quote inside a quoted field, so a break is outside quotes when an even number of quotes come
 * before it, counting from a line's start), or -1 when it has none.
 */
function endOfCompleteLines(text: string): number {
  let end = text.lastIndexOf('\n');
  if (end < 0) return -1;
  let quotes = 0;
  for (let at = text.indexOf('"'); at !== -1 && at < end; at = text.indexOf('"', at + 1)) quotes += 1;
  while (quotes % 2 === 1) {
    // This break is inside a quoted field: step back to the one before, uncounting the quotes past it.
    const previous = text.lastIndexOf('\n', end - 1);
    if (previous < 0) return -1;
    for (let at = text.indexOf('"', previous + 1); at !== -1 && at < end; at = text.indexOf('"', at + 1)) quotes -= 1;
    end = previous;
  }
  return end;
}

/**
 * Streams a CSV file's rows as objects keyed by the header's column names (RFC 4180: quoted fields
 * may hold commas, doubled quotes and line breaks; a byte-order mark is dropped; empty lines are
 * skipped). The decompressed text is cut after each chunk's last line break outside quotes and its
 * complete lines are parsed at once by d3-dsv, 4-7 times faster than csv-parse's stream on the
 * bundled files. A row whose number of fields differs from the header's is an error naming it.
 */
export async function* readCsvRows(path: string): AsyncGenerator<Record<string, string>> {
  const name = path.split('/').pop();
  const decoder = new StringDecoder('utf8');
  let header: string[] | null = null;
  let rowNumber = 0;
  let pending = '';
  let isFirstText = true;
  function* recordsOf(text: string): Generator<Record<string, string>> {
    for (const fields of csvParseRows(text)) {
      if (fields.length === 1 && fields[0] === '') continue;
      rowNumber += 1;
      if (header === null) {
        header = fields;
        continue;
      }
      if (fields.length !== header.length) throw new Error(`${name}: row ${rowNumber} has ${fields.length} fields where the header has ${header.length}`);
      const record: Record<string, string> = {};
      for (let i = 0; i < fields.length; i += 1) record[header[i]!] = fields[i]!;
      yield record;
    }
  }
  for await (const chunk of openDecompressedStream(path)) {
    let text = pending + decoder.write(chunk as Buffer);
    if (isFirstText && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      isFirstText = false;
    }
    const end = endOfCompleteLines(text);
    if (end < 0) {
      pending = text;
      continue;
    }
    pending = text.slice(end + 1);
    yield* recordsOf(text.slice(0, end + 1));
  }
  const rest = pending + decoder.end();
  yield* recordsOf(isFirstText && rest.charCodeAt(0) === 0xfeff ? rest.slice(1) : rest);
}

export async function readJsonFile(path: string): Promise<unknown> {
  if (!path.endsWith('.gz')) return JSON.parse(await readFile(path, 'utf8'));
  const chunks: Buffer[] = [];
  for await (const chunk of openDecompressedStream(path)) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}
