import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { DataMode } from '../../../lib/data-mode.ts';
import { runAnalysis } from '../run-analysis.ts';
import type { AnalysisTarget, DemoAnalyzer } from '../run-analysis.ts';
import { useAddressSuggestionList } from './use-address-suggestions.ts';

type UseAddressAnalysisOptions = { mode: DataMode; analyzeDemo: DemoAnalyzer };

/** The address box, its suggestions and what Analyze does with it in the chosen data mode (SPEC.md section 4). */
export function useAddressAnalysis({ mode, analyzeDemo }: UseAddressAnalysisOptions) {
  const [address, setAddress] = useState('');
  // The suggestion picked, while the box still shows its label: Analyze then sends its id.
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const analysis = useMutation({
    mutationKey: ['valuations', 'analyze'],
    mutationFn: (request: { target: AnalysisTarget; mode: DataMode }) => runAnalysis(request.target, request.mode, analyzeDemo),
  });

  function analyzeAddress(value: string) {
    suggestions.close();
    const suggestionId = picked && picked.label === value ? picked.id : undefined;
    analysis.mutate({ target: { text: value, suggestionId }, mode });
  }

  // Picking a suggestion fills the box, closes the list and analyses that suggestion (by its id).
  const suggestions = useAddressSuggestionList({
    mode,
    setAddress,
    onPicked: (suggestion) => {
      setPicked({ id: suggestion.id, label: suggestion.label });
      analysis.mutate({ target: { text: suggestion.label, suggestionId: suggestion.id }, mode });
    },
  });

  return {
    address,
    setAddress: (value: string) => {
      suggestions.close();
      setAddress(value);
    },
    analyzeAddress,
    suggestions,
    isAnalyzing: analysis.isPending,
    outcome: analysis.data,
    error: analysis.error,
    clear: analysis.reset,
  };
}
