export { ReportCentre } from './components/report-centre.tsx';
export { GenerateReportButton } from './components/generate-report-button.tsx';
