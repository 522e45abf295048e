export { PricingPanel } from './components/pricing-panel.tsx';
