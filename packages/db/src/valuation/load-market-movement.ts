/**
 * The ABS series that carry each market past its last local sale (data/abs-total-value-of-dwellings)
 * and their calibration (models/carry-forward.json, beside the valuation model): read once at start.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildMarketMovement, carryForwardCalibrationSchema, parseAbsMedianTable, type MarketMovement } from '@propguard/engines';
import { readCsvRows, resolveDataFile } from '../ingest/read-source-file.ts';

export const ABS_MEDIANS_FILE = 'abs-total-value-of-dwellings/median_transfer_prices_by_capital_city.csv';
export const CARRY_FORWARD_CALIBRATION_FILE = 'carry-forward.json';

/** The carry-forward calibration sits beside the valuation model it was measured with. */
export function carryForwardCalibrationPath(modelPath: string): string {
  return join(dirname(modelPath), CARRY_FORWARD_CALIBRATION_FILE);
}

export async function loadMarketMovement(dataDir: string, calibrationPath: string): Promise<MarketMovement> {
  const file = resolveDataFile(dataDir, ABS_MEDIANS_FILE);
  if (!file) throw new Error(`The ABS median transfer prices (${ABS_MEDIANS_FILE}) are missing from the data directory`);
  const rows: Record<string, string>[] = [];
  for await (const row of readCsvRows(file)) rows.push(row);
  const calibration = carryForwardCalibrationSchema.parse(JSON.parse(await readFile(calibrationPath, 'utf8')));
  return buildMarketMovement(parseAbsMedianTable(rows), calibration);
}
