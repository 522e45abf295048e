export { AddressEntryForm } from './components/address-entry-form.tsx';
export { AnalysisResults } from './components/analysis-results.tsx';
export { useAddressAnalysis } from './hooks/use-address-analysis.ts';
export type { AnalysisOutcome, DemoAnalyzer } from './run-analysis.ts';
