export { ReportCentre } from './components/report-centre.tsx';
