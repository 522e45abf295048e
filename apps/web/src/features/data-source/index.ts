export { DataSourceCard } from './components/data-source-card.tsx';
export { useDataMode, DATA_MODE_STORAGE_KEY } from './hooks/use-data-mode.ts';
export { getOverallHealth } from './health-state.ts';
export type { OverallHealth } from './health-state.ts';
