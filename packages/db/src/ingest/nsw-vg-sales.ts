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
import { placeSale } from './place-sale.ts';
import { LoadTally } from './record-load.ts';
import { reject, type SaleRecord } from './sale-record.ts';
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

/** Loads the archives' sales inside the caller's transaction; the tally is what dataset_loads records. */
export async function loadNswVgSales(tx: DrizzleDatabase, archives: VgArchives, options: LoadNswVgOptions): Promise<{ report: NswVgLoadReport; tally: LoadTally }> {
  const tally = new LoadTally();
  const rejections: VgRejection[] = [];
  const warnings: string[] = [];
  const otherLines = { A: 0, C: 0, D: 0, Z: 0, other: 0 };
  const bRecords: VgBRecord[] = [];
  for (const dat of archives.dats) {
    const file = readVgDatText(dat.text, dat.name);
    for (const type of ['A', 'C', 'D', 'Z', 'other'] as const) otherLines[type] += file.lineCounts[type];
    if (file.trailerBCount !== null && file.trailerBCount > file.lineCounts.B) {
      warnings.push(`${dat.name}: its trailer counts ${file.trailerBCount} B records, the file holds ${file.lineCounts.B} (truncated?)`);
    }
    bRecords.push(...file.bRecords);
  }
  tally.rowsRead = bRecords.length;
  const notLoaded = (record: VgBRecord, reason: string, message: string) => {
    tally.countRejection(reason);
    if (!LEFT_OUT_REASONS.has(reason)) rejections.push({ where: `${record.file} line ${record.line}`, reason, message });
  };

  const { latest, resent, rejected } = keepLatestVgRecords(bRecords);
  for (let i = 0; i < resent; i += 1) tally.countRejection('resent_duplicate');
  for (const rejection of rejected) notLoaded(rejection.record, rejection.reason, rejection.message);

  const localityIndex = await loadLocalityIndex(tx);
  const addressPoints = await loadNswAddressPoints(tx);
  const accepted: SaleRecord[] = [];
  const notStored: Array<{ key: string; version: string }> = [];
  const multiLotKeys = new Set(separateMultiLotDealings(latest).multiLot.map((record) => record.key));
  for (const record of latest) {
    const read = parseVgSale(record, options.source);
    // A lot of a several-lot dealing that is otherwise a whole residence or vacant land.
    const parsed = read.ok && multiLotKeys.has(record.key) ? reject('multi_lot_dealing', "one of several strata lots sold in one dealing, each at the dealing's price") : read;
    const cleaned = parsed.ok ? applyCleaningRules(parsed.value) : parsed;
    const sale = cleaned.ok ? cleaned.value : null;
    const point = sale?.address ? addressPoints.get(`${addressBookKey(sale.address, sale.suburb)}|${sale.postcode ?? ''}`) : undefined;
    const placed = sale === null ? cleaned : placeSale(point ? { ...sale, lat: point.lat, lng: point.lng } : sale, localityIndex);
    if (!placed.ok) {
      notLoaded(record, placed.reason, placed.message);
      notStored.push({ key: record.key, version: record.version });
      continue;
    }
    if (cleaned.ok) tally.countAdjustments(cleaned.adjustments);
    accepted.push(placed.value);
  }

  options.report?.('insert', accepted.length, `${accepted.length} sales to write (${resent} re-sent records replaced by a later download)`);
  if (options.replaceSource) await deleteSalesOfSource(tx, options.source);
  const removedByLaterDownload = await deleteSupersededKeyedSales(tx, notStored);
  const written = await upsertKeyedSales(tx, accepted);
  for (let i = 0; i < written.keptLater; i += 1) tally.countRejection('later_download_stored');
  tally.rowsLoaded = written.inserted + written.updated;
  options.report?.('addresses', tally.rowsLoaded, 'linking sales to addresses');
  await refreshAddresses(tx, options.source);

  const byReason = tally.rejectedByReason;
  const saleDates = accepted.map((sale) => sale.saleDate).sort();
  return {
    tally,
    report: {
      source: options.source,
      archives: archives.names,
      datFiles: archives.dats.length,
      bRecords: bRecords.length,
      otherLines,
      inserted: written.inserted,
      updated: written.updated,
      resent,
      laterDownloadStored: written.keptLater,
      removedByLaterDownload,
      partialInterest: byReason.partial_interest ?? 0,
      multiLotDealing: byReason.multi_lot_dealing ?? 0,
      otherNature: byReason.other_nature ?? 0,
      rejectedByReason: Object.fromEntries(Object.entries(byReason).filter(([reason]) => !LEFT_OUT_REASONS.has(reason))),
      rejections,
      placedAtAddress: written.writtenByPrecision.address ?? 0,
      placedAtLocality: written.writtenByPrecision.locality ?? 0,
      warnings,
      firstSaleDate: saleDates[0] ?? null,
      lastSaleDate: saleDates.at(-1) ?? null,
    },
  };
}
