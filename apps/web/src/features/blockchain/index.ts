export { CertificatesPanel } from './components/certificates-panel.tsx';
