export { CompliancePanel } from './components/compliance-panel.tsx';
