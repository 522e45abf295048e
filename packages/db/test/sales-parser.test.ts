/**
 * The bundled sales files parsed on a second thread (issue 32.1): the thread's batches and tally are
 * the calling thread's, row for row, and a file it cannot read fails as it would in the calling thread.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_DATASETS, type SalesDataset } from '../src/ingest/bundled-datasets.ts';
import { parseGazetteerRow } from '../src/ingest/parse-gazetteer-row.ts';
import { buildLocalityIndex, type LocalityIndex } from '../src/ingest/place-sale.ts';
import { readCsvRows, resolveDataFile } from '../src/ingest/read-source-file.ts';
import { inThreadSalesParser, startSalesParserThread, type SalesParser } from '../src/ingest/sales-parser.ts';
import type { LoadCounts } from '../src/ingest/record-load.ts';
import type { SaleRecord } from '../src/ingest/sale-record.ts';
import { FIXTURE_DATA_DIR } from './support/test-databases.ts';

async function fixtureLocalities(): Promise<LocalityIndex> {
  const points = [];
  for await (const row of readCsvRows(resolveDataFile(FIXTURE_DATA_DIR, 'au-postcodes-gazetteer/australian_postcodes.csv')!)) {
    const parsed = parseGazetteerRow(row);
    if (parsed.ok) points.push({ id: points.length + 1, ...parsed.value });
  }
  return buildLocalityIndex(points);
}

async function drain(parser: SalesParser, dataset: SalesDataset, file: string, localities: LocalityIndex, batchRows: number): Promise<{ batches: SaleRecord[][]; counts: LoadCounts }> {
  const batches: SaleRecord[][] = [];
  const parsing = parser.parse(dataset, file, localities, batchRows);
  let next = await parsing.next();
  while (!next.done) {
    batches.push(next.value);
    next = await parsing.next();
  }
  return { batches, counts: next.value };
}

describe('the sales parsing thread', () => {
  it('gives the batches and the tally the calling thread gives, file after file', async () => {
    const localities = await fixtureLocalities();
    const thread = startSalesParserThread();
    try {
      for (const dataset of BUNDLED_DATASETS) {
        if (dataset.kind !== 'sales') continue;
        const file = resolveDataFile(FIXTURE_DATA_DIR, dataset.file)!;
        const here = await drain(inThreadSalesParser, dataset, file, localities, 2);
        const there = await drain(thread, dataset, file, localities, 2);
        expect(here.batches.flat().length).toBeGreaterThan(2);
        expect(here.counts.rowsRead).toBeGreaterThan(here.batches.flat().length - 1);
        expect(there).toStrictEqual(here);
      }
    } finally {
      await thread.close();
    }
  }, 120_000);

  it('parses the files asked for ahead (a first load prefetches every sales file) and gives each to its own reader, in any order read', async () => {
    const localities = await fixtureLocalities();
    const datasets = BUNDLED_DATASETS.filter((candidate): candidate is SalesDataset => candidate.kind === 'sales');
    const thread = startSalesParserThread();
    try {
      for (const dataset of datasets) thread.prefetch(dataset, resolveDataFile(FIXTURE_DATA_DIR, dataset.file)!, localities, 2);
      // Read last first: the earlier files' batches wait for their readers.
      for (const dataset of [...datasets].reverse()) {
        const file = resolveDataFile(FIXTURE_DATA_DIR, dataset.file)!;
        expect(await drain(thread, dataset, file, localities, 2)).toStrictEqual(await drain(inThreadSalesParser, dataset, file, localities, 2));
      }
    } finally {
      await thread.close();
    }
  }, 120_000);

  it('places a file read ahead (a first load reads its first file while the gazetteer is written) as it parses one not read ahead; a missing one fails at its parse', async () => {
    const localities = await fixtureLocalities();
    const datasets = BUNDLED_DATASETS.filter((candidate): candidate is SalesDataset => candidate.kind === 'sales');
    const thread = startSalesParserThread();
    try {
      const missing = path.join(FIXTURE_DATA_DIR, 'no-such-file.csv');
      thread.readAhead(datasets[0]!, missing);
      for (const dataset of datasets) thread.readAhead(dataset, resolveDataFile(FIXTURE_DATA_DIR, dataset.file)!);
      await expect(drain(thread, datasets[0]!, missing, localities, 2)).rejects.toThrow(/no-such-file/);
      for (const dataset of datasets) {
        const file = resolveDataFile(FIXTURE_DATA_DIR, dataset.file)!;
        const there = await drain(thread, dataset, file, localities, 2);
        expect(there.batches.flat().length).toBeGreaterThan(2);
        expect(there).toStrictEqual(await drain(inThreadSalesParser, dataset, file, localities, 2));
      }
    } finally {
      await thread.close();
    }
  }, 120_000);

  it('reports a file it cannot read as the calling thread would, and parses the next one', async () => {
    const localities = await fixtureLocalities();
    const dataset = BUNDLED_DATASETS.find((candidate): candidate is SalesDataset => candidate.kind === 'sales')!;
    const thread = startSalesParserThread();
    try {
      const missing = path.join(FIXTURE_DATA_DIR, 'no-such-file.csv');
      await expect(drain(inThreadSalesParser, dataset, missing, localities, 2)).rejects.toThrow(/no-such-file/);
      await expect(drain(thread, dataset, missing, localities, 2)).rejects.toThrow(/no-such-file/);
      const file = resolveDataFile(FIXTURE_DATA_DIR, dataset.file)!;
      expect((await drain(thread, dataset, file, localities, 2)).counts.rowsRead).toBeGreaterThan(0);
    } finally {
      await thread.close();
    }
  }, 120_000);

  it('a file its reader gave up on (its load failed) does not feed the next one', async () => {
    const localities = await fixtureLocalities();
    const [first, second] = BUNDLED_DATASETS.filter((candidate): candidate is SalesDataset => candidate.kind === 'sales');
    const thread = startSalesParserThread();
    try {
      const abandoned = thread.parse(first!, resolveDataFile(FIXTURE_DATA_DIR, first!.file)!, localities, 1);
      expect((await abandoned.next()).done).toBe(false);
      await abandoned.return({ rowsRead: 0, rowsLoaded: 0, rowsRejected: 0, rejectedByReason: {}, adjustedByRule: {} });
      const file = resolveDataFile(FIXTURE_DATA_DIR, second!.file)!;
      expect(await drain(thread, second!, file, localities, 2)).toStrictEqual(await drain(inThreadSalesParser, second!, file, localities, 2));
    } finally {
      await thread.close();
    }
  }, 120_000);

  it("reads the Valuer General's archives as the calling thread does, asked ahead or not, and fails a file that is not one as it would", async () => {
    const localities = await fixtureLocalities();
    const directory = path.join(FIXTURE_DATA_DIR, 'nsw-valuer-general-sales-2021q1');
    const archives = ['20210104.zip', '20210111.zip'].map((name) => path.join(directory, name));
    const here = await inThreadSalesParser.readVg(archives, 'nsw-vg-test');
    expect(here.bRecords).toBeGreaterThan(5);
    expect(here.cleaned.length).toBeGreaterThan(2);
    expect(here.cleaned.length + here.notLoaded.length + here.resent).toBe(here.bRecords);
    const thread = startSalesParserThread();
    try {
      // Asked ahead after a sales file, as a first load asks: each reader gets its own answer.
      const melbourne = BUNDLED_DATASETS.find((candidate): candidate is SalesDataset => candidate.kind === 'sales')!;
      const melbourneFile = resolveDataFile(FIXTURE_DATA_DIR, melbourne.file)!;
      thread.prefetch(melbourne, melbourneFile, localities, 2);
      thread.prefetchVg(archives, 'nsw-vg-test');
      expect(await thread.readVg(archives, 'nsw-vg-test')).toStrictEqual(here);
      expect(await drain(thread, melbourne, melbourneFile, localities, 2)).toStrictEqual(await drain(inThreadSalesParser, melbourne, melbourneFile, localities, 2));
      // Not asked ahead.
      expect(await thread.readVg(archives.slice(1), 'nsw-vg-test')).toStrictEqual(await inThreadSalesParser.readVg(archives.slice(1), 'nsw-vg-test'));
      const notAnArchive = path.join(directory, 'SOURCE.md');
      await expect(thread.readVg([notAnArchive], 'nsw-vg-test')).rejects.toThrow(/SOURCE\.md is not a zip archive/);
    } finally {
      await thread.close();
    }
  }, 120_000);
});
