export { UploadPanel } from './components/upload-panel.tsx';
export { PortfolioList } from './components/portfolio-list.tsx';
export { PortfolioView } from './components/portfolio-view.tsx';
