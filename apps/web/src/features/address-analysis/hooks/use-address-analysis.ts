import { useState } from 'react';
import { toast } from 'sonner';
import { DEMO_ADDRESS } from '../demo-address.ts';

/**
 * The address and what Analyze does with it. There is no valuation engine yet, so Analyze says
 * so instead of showing a figure; the valuation issue replaces this with the analysis request.
 */
export function useAddressAnalysis() {
  const [address, setAddress] = useState(DEMO_ADDRESS);

  function analyzeAddress(_address: string) {
    toast.info('Valuation engine not available yet', {
      description: 'Valuations arrive with the valuation engine: a model trained on real Australian sales.',
    });
  }

  return { address, setAddress, analyzeAddress, isAnalyzing: false };
}
