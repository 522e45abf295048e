/**
 * Chunking of a portfolio job (issue 15): loans are numbered 1..total in upload order and cut into
 * consecutive chunks; a chunk is the unit a worker runs, retries and writes (idempotently: the
 * results are keyed by portfolio and row, so a chunk run twice writes the same rows again).
 */

/** Loans per chunk: big enough that the per-chunk overhead (a queue round trip, one write) is small, small enough that a lost chunk costs seconds. */
export const PORTFOLIO_CHUNK_SIZE = 500;

export interface ChunkRange {
  /** 0-based chunk number. */
  index: number;
  /** First row, 1-based, inclusive. */
  fromRow: number;
  /** Last row, inclusive. */
  toRow: number;
}

/**
 * The chunks of `totalRows` loans.
 * @example planChunks(1001, 500) // [{index 0, rows 1-500}, {index 1, rows 501-1000}, {index 2, rows 1001-1001}]
 */
export function planChunks(totalRows: number, chunkSize: number = PORTFOLIO_CHUNK_SIZE): ChunkRange[] {
  if (!Number.isInteger(totalRows) || totalRows < 0) throw new RangeError(`totalRows must be a whole number >= 0, got ${totalRows}`);
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunkSize must be a whole number >= 1, got ${chunkSize}`);
  const chunks: ChunkRange[] = [];
  for (let fromRow = 1, index = 0; fromRow <= totalRows; fromRow += chunkSize, index += 1) chunks.push({ index, fromRow, toRow: Math.min(totalRows, fromRow + chunkSize - 1) });
  return chunks;
}

/** The chunk a row (1-based) falls in. */
export function chunkIndexOfRow(row: number, chunkSize: number = PORTFOLIO_CHUNK_SIZE): number {
  return Math.floor((row - 1) / chunkSize);
}

/**
 * Merges result rows keyed by row number, the later write of a row replacing the earlier: what an
 * idempotent upsert does in the database, used to check that re-running chunks never duplicates.
 */
export function mergeByRow<T extends { row: number }>(existing: Iterable<T>, written: Iterable<T>): T[] {
  const byRow = new Map<number, T>();
  for (const row of existing) byRow.set(row.row, row);
  for (const row of written) byRow.set(row.row, row);
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

/**
 * Loans a second, rate and time left, from the loans done and the time since the first chunk
 * started. Null while nothing is done.
 * @example progressRate(1000, 4000, 2) // { loansPerSecond: 500, etaSeconds: 6 }
 */
export function progressRate(done: number, total: number, elapsedSeconds: number): { loansPerSecond: number | null; etaSeconds: number | null } {
  if (done <= 0 || elapsedSeconds <= 0) return { loansPerSecond: null, etaSeconds: null };
  const loansPerSecond = done / elapsedSeconds;
  return { loansPerSecond: Math.round(loansPerSecond * 10) / 10, etaSeconds: done >= total ? 0 : Math.ceil((total - done) / loansPerSecond) };
}
