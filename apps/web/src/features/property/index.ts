export { PropertyDetail } from './components/property-detail.tsx';
export { PropertyNotFound } from './components/property-not-found.tsx';
export { PropertySkeleton } from './components/property-skeleton.tsx';
export { usePropertyPage } from './hooks/use-property-page.ts';
