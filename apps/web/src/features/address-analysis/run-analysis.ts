import type { ValuationResult } from '@propguard/schemas';
import { ApiError } from '../../lib/api-client.ts';
import type { DataMode } from '../../lib/data-mode.ts';
import { createValuation } from './api/create-valuation.ts';

/** What the demo data source answers: a valuation built from a sample property, and how it matched. */
export type DemoAnalyzer = (address: string) => Promise<{ valuation: ValuationResult; note: string }>;

/** What the user asked to analyse: the text in the box and, when it is a picked suggestion's, that suggestion's id. */
export type AnalysisTarget = { text: string; suggestionId?: string };

export type AnalysisOutcome = {
  valuation: ValuationResult;
  /** Which sample property is shown and why (demo data only). */
  demoNote?: string;
  /** Auto mode: why live failed, shown above the demo result. */
  fallbackNotice?: string;
};

function messageOf(error: unknown): string {
  const message = error instanceof Error && error.message.trim() !== '' ? error.message.trim() : 'Analysis failed';
  return message.replace(/[.!]+$/, '');
}

/**
 * May Auto mode show demo data instead? Only when live analysis is unavailable (the server could
 * not be reached, timed out or failed: 5xx). An answer about the request or the account (4xx: bad
 * input, sign in, no access, the plan's monthly valuations used up, too many requests) is the
 * user's to read: a sample office at 123 Collins St in its place would hide it.
 */
export function isLiveUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}

/**
 * SPEC.md section 4 with DESIGN.md section 1: Live asks the PropGuard API; Demo serves a sample
 * property; Auto asks live and, when live is unavailable (isLiveUnavailable), serves the sample
 * with a visible notice; any other failure is shown as the error it is.
 */
export async function runAnalysis(target: AnalysisTarget, mode: DataMode, analyzeDemo: DemoAnalyzer): Promise<AnalysisOutcome> {
  // A picked suggestion is sent by its id: the server values that very address, not a re-reading of the text.
  const request = target.suggestionId ? { suggestionId: target.suggestionId } : { address: target.text };
  if (mode === 'demo') {
    const demo = await analyzeDemo(target.text);
    return { valuation: demo.valuation, demoNote: demo.note };
  }
  if (mode === 'live') {
    const { valuation } = await createValuation(request);
    return { valuation };
  }
  try {
    const { valuation } = await createValuation(request);
    return { valuation };
  } catch (error) {
    if (!isLiveUnavailable(error)) throw error;
    const demo = await analyzeDemo(target.text);
    return {
      valuation: demo.valuation,
      demoNote: demo.note,
      fallbackNotice: `Live analysis failed: ${messageOf(error)}. Showing demo data.`,
    };
  }
}
