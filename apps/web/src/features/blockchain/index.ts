export { CertificatesPanel } from './components/certificates-panel.tsx';
export { ReportCertificate } from './components/report-certificate.tsx';
export { ExplorerTokenView, ExplorerTransactionView } from './components/explorer-views.tsx';
