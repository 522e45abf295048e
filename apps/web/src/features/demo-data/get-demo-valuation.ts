import type { ValuationResult } from '@propguard/schemas';
import { findDemoProperty } from './find-demo-property.ts';
import type { DemoMatchKind } from './find-demo-property.ts';
import { toDemoValuationResult } from './to-valuation-result.ts';

/** SPEC.md sections 4 and 9: demo mode answers after a 1-second delay. */
export const DEMO_DELAY_MS = 1000;

export type DemoValuation = { valuation: ValuationResult; demoId: string; note: string };

const MATCH_NOTES: Record<DemoMatchKind, (id: string, city: string) => string> = {
  address: (id, city) => `Sample property ${id} (${city}) matches this address.`,
  partial: (id, city) => `No sample property has this address; ${id} (${city}) is the closest match.`,
  fallback: (id, city) => `No sample property matches this address; showing ${id} (${city}).`,
};

/** The sample property for an address, as a valuation, after the demo delay. */
export async function getDemoValuation(address: string, signal?: AbortSignal): Promise<DemoValuation> {
  await new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, DEMO_DELAY_MS);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    });
  });
  const { property, match } = findDemoProperty(address);
  return { valuation: toDemoValuationResult(property), demoId: property.id, note: MATCH_NOTES[match](property.id, property.city) };
}
