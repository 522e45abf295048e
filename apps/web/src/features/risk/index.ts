export { RiskAnalysisPanel } from './components/risk-analysis-panel.tsx';
