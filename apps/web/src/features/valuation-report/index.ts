export { useReport } from './api/get-report.ts';
export { ReportNotFound } from './components/report-not-found.tsx';
export { ReportSkeleton } from './components/report-skeleton.tsx';
export { ReportView } from './components/report-view.tsx';
export { useShareReport } from './hooks/use-share-report.ts';
