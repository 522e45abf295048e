export * from './errors.ts';
export * from './health.ts';
export * from './sales.ts';
export * from './valuation.ts';
export * from './property-analysis.ts';
