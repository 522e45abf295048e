import { describe, expect, it } from 'vitest';
import { shouldSuggest, SUGGESTION_DEBOUNCE_MS } from '../src/features/address-analysis/suggestion-rules.ts';

describe('address suggestion rules (SPEC.md sections 4 and 9)', () => {
  it('debounces by 300 ms', () => {
    expect(SUGGESTION_DEBOUNCE_MS).toBe(300);
  });

  it('asks only for text longer than 2 characters', () => {
    expect(shouldSuggest('ri', 'live')).toBe(false);
    expect(shouldSuggest('  ri  ', 'auto')).toBe(false);
    expect(shouldSuggest('ric', 'live')).toBe(true);
  });

  it('skips the demo address in Demo mode only', () => {
    expect(shouldSuggest('123 Collins Street, Melbourne', 'demo')).toBe(false);
    expect(shouldSuggest('123 Collins Street, Melbourne', 'live')).toBe(true);
    expect(shouldSuggest('12 colins st', 'demo')).toBe(true);
  });
});
