/**
 * The data-source switch of SPEC.md section 4 and DESIGN.md section 1: Live runs our engines on
 * our data, Demo serves the eight sample properties (always labelled), Auto (the default) tries
 * Live and falls back to Demo with a visible notice.
 */
export const DATA_MODES = ['demo', 'live', 'auto'] as const;
export type DataMode = (typeof DATA_MODES)[number];

export const DEFAULT_DATA_MODE: DataMode = 'auto';

export function isDataMode(value: unknown): value is DataMode {
  return typeof value === 'string' && (DATA_MODES as readonly string[]).includes(value);
}
