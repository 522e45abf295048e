export { useModelCard } from './api/get-model-card.ts';
export { ModelCardView } from './components/model-card-view.tsx';
