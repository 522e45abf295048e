/** Reading the data files: plain or gzip-compressed (name.gz), streamed, with their checksums. */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse, type Options } from 'csv-parse';

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

export const CSV_OPTIONS: Options = { columns: true, bom: true, skip_empty_lines: true, trim: false };

/** Streams a CSV file's rows as objects keyed by the header's column names. */
export async function* readCsvRows(path: string): AsyncGenerator<Record<string, string>> {
  const source = openDecompressedStream(path);
  const parser = source.pipe(parse(CSV_OPTIONS));
  // pipe() does not pass the file's own errors on (a missing or unreadable file): the rows' reader throws them.
  source.on('error', (error) => parser.destroy(error));
  for await (const row of parser) yield row as Record<string, string>;
}

export async function readJsonFile(path: string): Promise<unknown> {
  if (!path.endsWith('.gz')) return JSON.parse(await readFile(path, 'utf8'));
  const chunks: Buffer[] = [];
  for await (const chunk of openDecompressedStream(path)) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}
