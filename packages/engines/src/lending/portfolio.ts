/**
 * Portfolio risk distribution of the loans assessed so far (SPEC.md section 9: buckets low at or
 * below 60% LVR, medium 60 to 80%, high above 80%).
 */
export const PORTFOLIO_BUCKETS = ['low', 'medium', 'high'] as const;
export type PortfolioBucket = (typeof PORTFOLIO_BUCKETS)[number];

export const PORTFOLIO_BUCKET_LABELS: Readonly<Record<PortfolioBucket, string>> = {
  low: 'LVR at or below 60%',
  medium: 'LVR 60-80%',
  high: 'LVR above 80%',
};

/**
 * The bucket of an LVR (fraction). 60% exactly is low, 80% exactly is medium.
 * @example portfolioBucketFor(0.8) // 'medium'
 */
export function portfolioBucketFor(lvr: number): PortfolioBucket {
  if (lvr <= 0.6 + 1e-9) return 'low';
  if (lvr <= 0.8 + 1e-9) return 'medium';
  return 'high';
}
