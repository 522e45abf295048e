import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { DataMode } from '../../../lib/data-mode.ts';
import { DEMO_ADDRESS } from '../demo-address.ts';
import { runAnalysis } from '../run-analysis.ts';
import type { DemoAnalyzer } from '../run-analysis.ts';

type UseAddressAnalysisOptions = { mode: DataMode; analyzeDemo: DemoAnalyzer };

/** The address box and what Analyze does with it in the chosen data mode (SPEC.md section 4). */
export function useAddressAnalysis({ mode, analyzeDemo }: UseAddressAnalysisOptions) {
  const [address, setAddress] = useState(DEMO_ADDRESS);
  const analysis = useMutation({
    mutationKey: ['valuations', 'analyze'],
    mutationFn: (request: { address: string; mode: DataMode }) => runAnalysis(request.address, request.mode, analyzeDemo),
  });

  function analyzeAddress(value: string) {
    analysis.mutate({ address: value, mode });
  }

  return {
    address,
    setAddress,
    analyzeAddress,
    isAnalyzing: analysis.isPending,
    outcome: analysis.data,
    error: analysis.error,
    clear: analysis.reset,
  };
}
