/**
 * Loading the NSW Valuer General's weekly and yearly zips: the one code path of the bundled weeks
 * (ensure-data-loaded.ts, on first start) and of `propguard import nsw-vg` (import/import-nsw-vg.ts).
 * zips -> `.DAT` texts -> B records -> the latest download of each sale -> parse, clean, place ->
 * upsert by the sale's key (property id, dealing number, strata lot), so a file loaded twice or a
 * sale re-sent in a later week is stored once.
 *
 * Placement: at the address book's point where it knows the street address with a point of its
 * own (location_precision 'address'), else at the locality's gazetteer point ('locality').
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { AppError } from '@propguard/schemas';
import type { DrizzleDatabase } from '../open-database.ts';
import { addressBookKey } from '../valuation/resolve-subject.ts';
import { applyCleaningRules } from './cleaning-rules.ts';
import { loadLocalityIndex } from './load-locality-index.ts';
import { keepLatestVgRecords, parseVgSale, readVgDatText, separateMultiLotDealings, type VgBRecord } from './parse-nsw-vg-dat.ts';
import { placeSale, type LocalityIndex } from './place-sale.ts';
import { LoadTally } from './record-load.ts';
import { reject, type SaleRecord } from './sale-record.ts';
import type { FreshLoad } from './fresh-load.ts';
import { deleteSalesOfSource, deleteSupersededKeyedSales, refreshAddresses, upsertKeyedSales } from './write-sales.ts';

/** One `.DAT` file taken out of an archive. */
export interface VgDatText {
  /** 'archive.zip/inner.zip/001_SALES_DATA_NNME_04012021.DAT' */
  name: string;
  text: string;
}

const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
const latin1 = new TextDecoder('latin1');

/**
 * The `.DAT` files of a weekly zip, or of a yearly zip (which holds the weekly zips); a `.DAT`
 * file given as it is is read too. Throws a VALIDATION_ERROR for anything else.
 */
export function readVgArchive(name: string, bytes: Uint8Array): VgDatText[] {
  if (!isZip(bytes)) {
    if (/\.dat$/i.test(name)) return [{ name, text: latin1.decode(bytes) }];
    throw new AppError('VALIDATION_ERROR', `${name} is not a zip archive (expected the Valuer General's weekly or yearly .zip)`, { field: 'file' });
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (entry) => /\.(dat|zip)$/i.test(entry.name) });
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `${name} cannot be unzipped: ${(error as Error).message}`, { field: 'file' });
  }
  const texts: VgDatText[] = [];
  for (const entryName of Object.keys(entries).sort()) {
    const entry = entries[entryName] as Uint8Array;
    if (/\.zip$/i.test(entryName)) texts.push(...readVgArchive(`${name}/${entryName}`, entry));
    else texts.push({ name: `${name}/${entryName}`, text: latin1.decode(entry) });
  }
  if (texts.length === 0) throw new AppError('VALIDATION_ERROR', `${name} holds no .DAT file (expected the Valuer General's property sales information)`, { field: 'file' });
  return texts;
}

export interface VgRejection {
  /** 'archive.zip/file.DAT line 12' */
  where: string;
  reason: string;
  message: string;
}

/** What a load did with the B records of its files. */
export interface NswVgLoadReport {
  source: string;
  archives: string[];
  datFiles: number;
  bRecords: number;
  /** C, D, A and Z lines (and any other non-blank line), counted and otherwise ignored. */
  otherLines: { A: number; C: number; D: number; Z: number; other: number };
  /** Sales stored: new keys, and keys already stored rewritten by the same or a later download. */
  inserted: number;
  updated: number;
  /** B records replaced by a later download of the same sale within these files. */
  resent: number;
  /** Sales not written because the database holds a later download of them. */
  laterDownloadStored: number;
  /** Sales stored from an earlier download that this load's later download of them leaves out or rejects: removed. */
  removedByLaterDownload: number;
  partialInterest: number;
  /** Strata lots sold together in one dealing, each with the dealing's total price. */
  multiLotDealing: number;
  otherNature: number;
  /** Every other record not stored, by reason (contract date, price, cleaning rules, locality). */
  rejectedByReason: Record<string, number>;
  rejections: VgRejection[];
  /** Of the sales stored: at the address book's point of their street address, or at their locality. */
  placedAtAddress: number;
  placedAtLocality: number;
  /** Files whose trailer counts more B records than they hold (a truncated download). */
  warnings: string[];
  /** Contract dates of the sales parsed and placed (stored, or kept in a later download already stored). */
  firstSaleDate: string | null;
  lastSaleDate: string | null;
}

/** Reasons of records left out by design, reported apart from the rejections. */
const LEFT_OUT_REASONS: ReadonlySet<string> = new Set(['resent_duplicate', 'later_download_stored', 'partial_interest', 'multi_lot_dealing', 'other_nature']);

interface AddressPoint {
  lat: number;
  lng: number;
}

/**
 * The address book's NSW street addresses that have a point of their own: the newest sale of the
 * address with its own coordinates (location_precision 'address'; an address's own row holds only
 * its latest sale's point). The Valuer General's sales themselves (source_key set) have none of
 * their own, only points copied from here. Keyed by addressBookKey and postcode, so "21 Comfort
 * Avenue" of an import finds "21 Comfort Ave" of the Valuer General.
 */
async function loadNswAddressPoints(tx: DrizzleDatabase): Promise<Map<string, AddressPoint>> {
  const result = await tx.execute(sql`
    SELECT DISTINCT ON (a.id) a.address, a.suburb, a.postcode, s.lat, s.lng
      FROM addresses a JOIN sales s ON s.address_id = a.id
     WHERE a.state = 'NSW' AND s.location_precision = 'address' AND s.source_key IS NULL AND s.lat IS NOT NULL AND s.lng IS NOT NULL
     ORDER BY a.id, s.sale_date DESC, s.id DESC`);
  const rows = (result as { rows: Array<{ address: string; suburb: string; postcode: string | null; lat: number; lng: number }> }).rows;
  const points = new Map<string, AddressPoint>();
  for (const row of rows) points.set(`${addressBookKey(row.address, row.suburb)}|${row.postcode ?? ''}`, { lat: Number(row.lat), lng: Number(row.lng) });
  return points;
}

export interface LoadNswVgOptions {
  source: string;
  /** The bundled weeks: remove the source's rows first, so a file taken out of data/ takes its sales with it. */
  replaceSource: boolean;
  /** Progress lines, as ensureDataLoaded's reporter takes them. */
  report?: (phase: string, rows: number | undefined, message: string) => void;
}

/** The archives read (readVgArchive): their names and their `.DAT` files, in the order given (a later download wins anyway). */
export interface VgArchives {
  names: string[];
  dats: VgDatText[];
}

/** Reads archive files from disk (the bundled weeks, an import's arguments); throws a VALIDATION_ERROR for a file that is not one. */
export async function readVgArchiveFiles(paths: readonly string[]): Promise<VgArchives> {
  const dats: VgDatText[] = [];
  for (const path of paths) dats.push(...readVgArchive(basename(path), await readFile(path)));
  return { names: paths.map((path) => basename(path)), dats };
}

/** A sale the archives hold, parsed and cleaned, with its record's key and download (for a later download's check). */
export interface CleanedVgSale {
  key: string;
  version: string;
  where: string;
  sale: SaleRecord;
  adjustments: string[];
}

/**
 * What the archives say before anything is placed or written: every B record read, the latest
 * download of each sale kept, each parsed and cleaned (readVgDatText ... applyCleaningRules). No
 * database: a first start's parsing thread does it while the other sets are written (sales-parser.ts).
 */
export interface ReadVgSales {
  names: string[];
  datFiles: number;
  bRecords: number;
  otherLines: NswVgLoadReport['otherLines'];
  warnings: string[];
  resent: number;
  /** Records left out or rejected; `notStored` set for the latest download of a sale (a stored earlier one is removed). */
  notLoaded: Array<VgRejection & { notStored?: { key: string; version: string } }>;
  cleaned: CleanedVgSale[];
}

export function readVgSales(archives: VgArchives, source: string): ReadVgSales {
  const otherLines = { A: 0, C: 0, D: 0, Z: 0, other: 0 };
  const warnings: string[] = [];
  const bRecords: VgBRecord[] = [];
  for (const dat of archives.dats) {
    const file = readVgDatText(dat.text, dat.name);
    for (const type of ['A', 'C', 'D', 'Z', 'other'] as const) otherLines[type] += file.lineCounts[type];
    if (file.trailerBCount !== null && file.trailerBCount > file.lineCounts.B) {
      warnings.push(`${dat.name}: its trailer counts ${file.trailerBCount} B records, the file holds ${file.lineCounts.B} (truncated?)`);
    }
    bRecords.push(...file.bRecords);
  }
  const where = (record: VgBRecord) => `${record.file} line ${record.line}`;
  const { latest, resent, rejected } = keepLatestVgRecords(bRecords);
  const notLoaded: ReadVgSales['notLoaded'] = rejected.map(({ record, reason, message }) => ({ where: where(record), reason, message }));
  const cleaned: CleanedVgSale[] = [];
  const multiLotKeys = new Set(separateMultiLotDealings(latest).multiLot.map((record) => record.key));
  for (const record of latest) {
    const read = parseVgSale(record, source);
    // A lot of a several-lot dealing that is otherwise a whole residence or vacant land.
    const parsed = read.ok && multiLotKeys.has(record.key) ? reject('multi_lot_dealing', "one of several strata lots sold in one dealing, each at the dealing's price") : read;
    const result = parsed.ok ? applyCleaningRules(parsed.value) : parsed;
    if (result.ok) cleaned.push({ key: record.key, version: record.version, where: where(record), sale: result.value, adjustments: result.adjustments });
    else notLoaded.push({ where: where(record), reason: result.reason, message: result.message, notStored: { key: record.key, version: record.version } });
  }
  return { names: archives.names, datFiles: archives.dats.length, bRecords: bRecords.length, otherLines, warnings, resent, notLoaded, cleaned };
}

/**
 * Loads the archives' sales inside the caller's transaction; the tally is what dataset_loads records.
 * `archives` may come read already (readVgSales, on the parsing thread); `localityIndex`, the
 * localities' placement look-ups when the caller holds them for the current gazetteer;
 * `fresh`: a first load's (ensureDataLoaded), whose sets fresh-load.ts writes.
 */
export async function loadNswVgSales(tx: DrizzleDatabase, archives: VgArchives | ReadVgSales, options: LoadNswVgOptions & { localityIndex?: LocalityIndex; fresh?: FreshLoad }): Promise<{ report: NswVgLoadReport; tally: LoadTally }> {
  const read = 'cleaned' in archives ? archives : readVgSales(archives, options.source);
  const tally = new LoadTally();
  const rejections: VgRejection[] = [];
  tally.rowsRead = read.bRecords;
  for (let i = 0; i < read.resent; i += 1) tally.countRejection('resent_duplicate');
  const notStored: Array<{ key: string; version: string }> = [];
  const notLoaded = (rejection: VgRejection) => {
    tally.countRejection(rejection.reason);
    if (!LEFT_OUT_REASONS.has(rejection.reason)) rejections.push({ where: rejection.where, reason: rejection.reason, message: rejection.message });
  };
  for (const rejection of read.notLoaded) {
    notLoaded(rejection);
    if (rejection.notStored) notStored.push(rejection.notStored);
  }

  const localityIndex = options.localityIndex ?? (await loadLocalityIndex(tx));
  const addressPoints = await loadNswAddressPoints(tx);
  const accepted: SaleRecord[] = [];
  for (const { key, version, where, sale, adjustments } of read.cleaned) {
    const point = sale.address ? addressPoints.get(`${addressBookKey(sale.address, sale.suburb)}|${sale.postcode ?? ''}`) : undefined;
    const placed = placeSale(point ? { ...sale, lat: point.lat, lng: point.lng } : sale, localityIndex);
    if (!placed.ok) {
      notLoaded({ where, reason: placed.reason, message: placed.message });
      notStored.push({ key, version });
      continue;
    }
    tally.countAdjustments(adjustments);
    accepted.push(placed.value);
  }

  options.report?.('insert', accepted.length, `${accepted.length} sales to write (${read.resent} re-sent records replaced by a later download)`);
  const replaced = options.replaceSource ? await deleteSalesOfSource(tx, options.source) : 0;
  const removedByLaterDownload = await deleteSupersededKeyedSales(tx, notStored);
  // A first load's set is written by fresh-load.ts; any other, batch by batch (write-sales.ts).
  const set = options.fresh ? await options.fresh.startSet(tx, options.source, replaced + removedByLaterDownload) : null;
  const written = await (set ? set.upsertKeyed(accepted) : upsertKeyedSales(tx, accepted));
  for (let i = 0; i < written.keptLater; i += 1) tally.countRejection('later_download_stored');
  tally.rowsLoaded = written.inserted + written.updated;
  options.report?.('addresses', tally.rowsLoaded, 'writing their addresses');
  await (set ? set.finish() : refreshAddresses(tx, options.source));

  const byReason = tally.rejectedByReason;
  const saleDates = accepted.map((sale) => sale.saleDate).sort();
  return {
    tally,
    report: {
      source: options.source,
      archives: read.names,
      datFiles: read.datFiles,
      bRecords: read.bRecords,
      otherLines: read.otherLines,
      inserted: written.inserted,
      updated: written.updated,
      resent: read.resent,
      laterDownloadStored: written.keptLater,
      removedByLaterDownload,
      partialInterest: byReason.partial_interest ?? 0,
      multiLotDealing: byReason.multi_lot_dealing ?? 0,
      otherNature: byReason.other_nature ?? 0,
      rejectedByReason: Object.fromEntries(Object.entries(byReason).filter(([reason]) => !LEFT_OUT_REASONS.has(reason))),
      rejections,
      placedAtAddress: written.writtenByPrecision.address ?? 0,
      placedAtLocality: written.writtenByPrecision.locality ?? 0,
      warnings: read.warnings,
      firstSaleDate: saleDates[0] ?? null,
      lastSaleDate: saleDates.at(-1) ?? null,
    },
  };
}
