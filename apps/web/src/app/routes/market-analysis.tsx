import { useRef } from 'react';
import { MarketAnalysisForm, MarketAnalysisResults, useMarketAnalysis } from '../../features/market-analysis/index.ts';

export function MarketAnalysisRoute() {
  const { values, setValues, submitAnalysis, analyseLocation, startOver, analysis } = useMarketAnalysis();
  const locationRef = useRef<HTMLInputElement>(null);

  function tryDifferentLocation() {
    startOver();
    locationRef.current?.focus();
  }

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Market Analysis</h1>
        <p className="mt-1 text-slate-600">Prices, growth and activity for an Australian suburb or city, from recorded sales.</p>
      </div>
      <MarketAnalysisForm values={values} onChange={setValues} onSubmit={submitAnalysis} isAnalyzing={analysis.isPending} locationRef={locationRef} />
      <MarketAnalysisResults
        status={analysis.status}
        error={analysis.error}
        analysis={analysis.data?.market_analysis}
        reason={analysis.data?.reason}
        onTryDifferentLocation={tryDifferentLocation}
        placeChoice={analysis.data?.place_choice}
        onChooseLocation={analyseLocation}
      />
    </main>
  );
}
