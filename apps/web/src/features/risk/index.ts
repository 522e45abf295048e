export { RiskAnalysisPanel } from './components/risk-analysis-panel.tsx';
export { RiskAssessmentDetail } from './components/risk-assessment-detail.tsx';
export type { RiskSubject, SampleRiskScores } from './risk-subject.ts';
export { PropertyMiniMap } from './components/property-mini-map.tsx';
