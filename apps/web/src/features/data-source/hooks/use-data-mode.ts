import { useCallback, useState } from 'react';
import { DEFAULT_DATA_MODE, isDataMode } from '../../../lib/data-mode.ts';
import type { DataMode } from '../../../lib/data-mode.ts';

export const DATA_MODE_STORAGE_KEY = 'propguard:data-mode';

function readStoredMode(): DataMode {
  try {
    const stored = window.localStorage.getItem(DATA_MODE_STORAGE_KEY);
    return isDataMode(stored) ? stored : DEFAULT_DATA_MODE;
  } catch {
    // Storage can be switched off (private windows, policies); the default is then the answer.
    return DEFAULT_DATA_MODE;
  }
}

/** The data-source choice, kept in localStorage so that it survives a reload. Auto by default. */
export function useDataMode() {
  const [mode, setModeState] = useState<DataMode>(readStoredMode);

  const setMode = useCallback((next: DataMode) => {
    setModeState(next);
    try {
      window.localStorage.setItem(DATA_MODE_STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still holds for this page.
    }
  }, []);

  return { mode, setMode };
}
