/**
 * The accuracy the product commits to on blind hold-outs (issue #3, "Accuracy, published"), as
 * fractions: median absolute percentage error at most 8%, at least 55% of sales within 10%, and
 * the stated 80% range containing between 77% and 83% of true prices.
 */
export const VALUATION_ACCURACY_TARGETS = {
  mdapeMax: 0.08,
  ppe10Min: 0.55,
  coverage80Min: 0.77,
  coverage80Max: 0.83,
} as const;
