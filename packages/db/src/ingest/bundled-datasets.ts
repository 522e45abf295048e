/** The data sets shipped in data/ and how each is read (licences: data/README.md). */
import { GAZETTEER_DATASET } from './parse-gazetteer-row.ts';
import { MELBOURNE_DATASET, parseMelbourneRow } from './parse-melbourne-row.ts';
import { NSW_VG_DATASET } from './parse-nsw-vg-dat.ts';
import { PERTH_DATASET, parsePerthRow } from './parse-perth-row.ts';
import { SUBURBS_DATASET } from './parse-suburb-feature.ts';
import { SYDNEY_DATASET, parseSydneyRow } from './parse-sydney-row.ts';
import type { RowResult, SaleRecord } from './sale-record.ts';

export interface SalesDataset {
  kind: 'sales';
  id: string;
  /** Path inside the data directory, without '.gz' (the compressed form is preferred when present). */
  file: string;
  parseRow: (row: Record<string, string>, sourceRow: number) => RowResult<SaleRecord>;
  /** Columns left out when looking for exact duplicate rows (a row id). */
  duplicateIgnoredColumns: readonly string[];
}

export interface GazetteerDataset {
  kind: 'gazetteer';
  id: string;
  file: string;
}

export interface SuburbsDataset {
  kind: 'suburbs';
  id: string;
  files: readonly string[];
  /**
   * True: no request reads it before the server is ready (the polygons the product draws and assesses
   * come from the hazard data's own files; the table gives the data pages' counts), so `npm start`
   * loads it once the server is ready (ensureDataLoaded's `datasets`; about 2.6 s of a first start).
   */
  afterReady: true;
}

/** The NSW Valuer General's weekly (or yearly) zips: every `.zip` of a folder, so a week added there is loaded on the next start. */
export interface NswVgDataset {
  kind: 'nsw-vg';
  id: string;
  /** Folder inside the data directory. */
  directory: string;
}

export type BundledDataset = SalesDataset | GazetteerDataset | SuburbsDataset | NswVgDataset;

const SAL_STATES = ['act', 'nsw', 'nt', 'ot', 'qld', 'sa', 'tas', 'vic', 'wa'] as const;

/** In load order: sales are placed with the gazetteer, so it comes first. */
export const BUNDLED_DATASETS: readonly BundledDataset[] = [
  { kind: 'gazetteer', id: GAZETTEER_DATASET, file: `${GAZETTEER_DATASET}/australian_postcodes.csv` },
  { kind: 'suburbs', id: SUBURBS_DATASET, files: SAL_STATES.map((state) => `${SUBURBS_DATASET}/sal_2021_${state}.geojson`), afterReady: true },
  { kind: 'sales', id: MELBOURNE_DATASET, file: `${MELBOURNE_DATASET}/melbourne_housing_full.csv`, parseRow: parseMelbourneRow, duplicateIgnoredColumns: [] },
  { kind: 'sales', id: PERTH_DATASET, file: `${PERTH_DATASET}/perth_house_sales.csv`, parseRow: parsePerthRow, duplicateIgnoredColumns: [] },
  // Sydney's Id is a row number, so two identical sales differ only there.
  { kind: 'sales', id: SYDNEY_DATASET, file: `${SYDNEY_DATASET}/SydneyHousePrices.csv`, parseRow: parseSydneyRow, duplicateIgnoredColumns: ['Id'] },
  // After the other sales: placed at the address book's points where it knows the street address.
  { kind: 'nsw-vg', id: NSW_VG_DATASET, directory: NSW_VG_DATASET },
];
