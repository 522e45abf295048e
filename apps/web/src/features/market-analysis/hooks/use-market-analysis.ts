import { useState } from 'react';
import { toast } from 'sonner';
import { useAnalyzeMarket } from '../api/analyze-market.ts';
import type { MarketAnalysisRequest } from '../api/analyze-market.ts';

const DEFAULT_REQUEST: MarketAnalysisRequest = { location: '', property_type: 'house', analysis_depth: 'comprehensive' };

/** Form values, validation (SPEC.md section 5) and the analysis request with its toasts. */
export function useMarketAnalysis() {
  const [values, setValues] = useState<MarketAnalysisRequest>(DEFAULT_REQUEST);
  const analysis = useAnalyzeMarket({
    onSuccess: () => toast.success('Market Analysis Complete'),
    onError: () => toast.error('Analysis Failed', { description: 'Unable to complete market analysis. Please try again.' }),
  });

  function submitAnalysis() {
    const location = values.location.trim();
    if (location === '') {
      toast.error('Location Required', { description: 'Please enter a location for market analysis.' });
      return;
    }
    analysis.mutate({ ...values, location });
  }

  /** "Did you mean": the same analysis for another place. */
  function analyseLocation(location: string) {
    setValues((current) => ({ ...current, location }));
    analysis.mutate({ ...values, location });
  }

  function startOver() {
    setValues((current) => ({ ...current, location: '' }));
    analysis.reset();
  }

  return { values, setValues, submitAnalysis, analyseLocation, startOver, analysis };
}
