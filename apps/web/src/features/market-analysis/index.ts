export { MarketAnalysisForm } from './components/market-analysis-form.tsx';
export { MarketAnalysisResults } from './components/market-analysis-results.tsx';
export { useMarketAnalysis } from './hooks/use-market-analysis.ts';
export { MarketSentimentPanels, type MarketSubject } from './components/market-sentiment-panels.tsx';
