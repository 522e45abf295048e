export { CompliancePanel } from './components/compliance-panel.tsx';
export type { ComplianceSubject } from './components/lvr-analysis.tsx';
export { useComplianceOverview } from './api/get-compliance-overview.ts';
