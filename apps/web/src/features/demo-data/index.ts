export { DEMO_PROPERTIES } from './demo-properties.ts';
export type { DemoProperty } from './demo-properties.ts';
export { findDemoProperty } from './find-demo-property.ts';
export { getDemoValuation, DEMO_DELAY_MS } from './get-demo-valuation.ts';
export type { DemoValuation } from './get-demo-valuation.ts';
export { toDemoValuationResult } from './to-valuation-result.ts';
