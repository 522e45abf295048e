import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { DataMode } from '../../../lib/data-mode.ts';
import { DEMO_ADDRESS } from '../demo-address.ts';
import { runAnalysis } from '../run-analysis.ts';
import type { DemoAnalyzer } from '../run-analysis.ts';
import { useAddressSuggestionList } from './use-address-suggestions.ts';

type UseAddressAnalysisOptions = { mode: DataMode; analyzeDemo: DemoAnalyzer };

/** The address box, its suggestions and what Analyze does with it in the chosen data mode (SPEC.md section 4). */
export function useAddressAnalysis({ mode, analyzeDemo }: UseAddressAnalysisOptions) {
  const [address, setAddress] = useState(DEMO_ADDRESS);
  const analysis = useMutation({
    mutationKey: ['valuations', 'analyze'],
    mutationFn: (request: { address: string; mode: DataMode }) => runAnalysis(request.address, request.mode, analyzeDemo),
  });

  function analyzeAddress(value: string) {
    suggestions.close();
    analysis.mutate({ address: value, mode });
  }

  // Picking a suggestion fills the box, closes the list, fetches its details and starts the analysis.
  const suggestions = useAddressSuggestionList({
    mode,
    setAddress,
    onPicked: (suggestion, property) => analysis.mutate({ address: property?.address ?? suggestion.label, mode }),
  });

  return {
    address,
    setAddress: (value: string) => {
      suggestions.close();
      setAddress(value);
    },
    analyzeAddress,
    suggestions,
    isAnalyzing: analysis.isPending || suggestions.isLoadingDetails,
    outcome: analysis.data,
    error: analysis.error,
    clear: analysis.reset,
  };
}
