/**
 * The valuation model artifact (models/avm-<id>.json): the boosted trees, the interval
 * calibration table, the training data's date range, the features and the measured accuracy.
 * parseValuationModel validates a parsed JSON file with zod before the engine trusts it.
 */
import { z } from 'zod';
import { accuracyRowSchema, type AccuracyRow as ModelAccuracyRow } from '@propguard/schemas';
import { FEATURE_NAMES } from './features.ts';
import { compileGbm, type CompiledGbm, type GbmModel } from './gbm.ts';
import { decodeResiduals, type ResidualSmoothing } from './residual-smoothing.ts';

const treeSchema = z.object({
  feature: z.array(z.number().int()),
  threshold: z.array(z.number().nullable()),
  left: z.array(z.number().int()),
  right: z.array(z.number().int()),
  defaultLeft: z.array(z.number().int()),
  value: z.array(z.number()),
});

/**
 * One region's quantiles of the scaled calibration residuals ((log actual - log predicted) / the
 * row's predicted scale): the range is the estimate + low x scale to the estimate + high x scale.
 */
const intervalQuantilesSchema = z.object({
  low: z.number(),
  high: z.number(),
  count: z.number().int(),
});

/** The hold-out accuracy rows are the API's model card rows (@propguard/schemas). */
export type AccuracyRow = ModelAccuracyRow;

export const valuationModelSchema = z.object({
  format: z.literal('propguard-avm/1'),
  id: z.string(),
  createdFrom: z.object({ firstSaleDate: z.string(), lastSaleDate: z.string(), salesCount: z.number().int(), trainingRows: z.number().int() }),
  method: z.string(),
  features: z.array(z.string()),
  monotone: z.array(z.number().int()),
  params: z.record(z.string(), z.unknown()),
  /** mean anchor (log price) over the training rows; the fallback anchor and the base of factors */
  meanAnchor: z.number(),
  baseScore: z.number(),
  trees: z.array(treeSchema),
  intervals: z.object({
    coverage: z.number(),
    /** the calibration quantiles taken (e.g. 0.82 for the 9th and 91st percentiles) */
    nominal: z.number(),
    /** state -> quantiles of the scaled residuals; '*' for any other region */
    byRegion: z.record(z.string(), intervalQuantilesSchema),
    /** the scale model: trees on the same features predicting log |residual| of a row */
    scale: z.object({ baseScore: z.number(), trees: z.array(treeSchema) }),
    /**
     * state -> how much wider the range is when attributes are the locality's typical values ('*'
     * for any other): calibrated on the calibration rows valued from a user's short row (train.ts,
     * calibrateFilledRange). Absent in models trained before it: 1.
     */
    filledScale: z.record(z.string(), z.number().min(1)).optional(),
  }),
  /** The second stage (residual-smoothing.ts): its weights and the training sales' residuals. */
  smoothing: z.object({
    alpha: z.number(),
    lambda: z.number().positive(),
    /** training sale ids, sorted, as differences from the previous id */
    idDeltas: z.array(z.number().int()),
    /** their residuals (log price - the trees' estimate) in thousandths */
    milli: z.array(z.number().int()),
  }),
  metrics: z.object({
    trainingSeconds: z.number(),
    treesTrained: z.number().int(),
    validationRmseLog: z.number().nullable(),
    /** measured on the hold-outs by the evaluation model (trained without them) */
    holdout: z.array(accuracyRowSchema),
    holdoutNote: z.string(),
  }),
});
export type ValuationModelArtifact = z.infer<typeof valuationModelSchema>;

export interface ValuationModel {
  /** the artifact's id, e.g. 'avm-20190416-a1b2c3' */
  id: string;
  artifact: ValuationModelArtifact;
  gbm: GbmModel;
  /** the same trees packed in typed arrays for inference */
  compiled: CompiledGbm;
  /** the interval scale model's trees, packed */
  intervalScale: CompiledGbm;
  smoothing: ResidualSmoothing;
}

/** Trees as stored (a threshold that is not finite as null) back to a model for inference. */
function toGbmModel(featureNames: string[], baseScore: number, trees: ValuationModelArtifact['trees']): GbmModel {
  return { featureNames, baseScore, trees: trees.map((tree) => ({ ...tree, threshold: tree.threshold.map((value) => value ?? Number.NaN) })) };
}

/**
 * Validate a parsed model artifact and prepare it for inference.
 *
 * @example const model = parseValuationModel(JSON.parse(readFileSync('models/avm-2025-01.json', 'utf8')));
 */
export function parseValuationModel(json: unknown): ValuationModel {
  const artifact = valuationModelSchema.parse(json);
  if (artifact.features.join(',') !== FEATURE_NAMES.join(',')) {
    // The trees index features by position: a model trained on another feature list would read the wrong columns.
    throw new Error(`model ${artifact.id} was trained on other features (${artifact.features.length}) than this code computes (${FEATURE_NAMES.length}): run \`npm run train\``);
  }
  const featureCount = artifact.features.length;
  for (const [treeNumber, tree] of [...artifact.trees, ...artifact.intervals.scale.trees].entries()) {
    const size = tree.feature.length;
    if ([tree.threshold, tree.left, tree.right, tree.defaultLeft, tree.value].some((array) => array.length !== size)) {
      throw new Error(`model ${artifact.id}: tree ${treeNumber} has arrays of different lengths`);
    }
    for (let node = 0; node < size; node += 1) {
      const feature = tree.feature[node]!;
      if (feature === -1) continue;
      if (feature < 0 || feature >= featureCount) throw new Error(`model ${artifact.id}: tree ${treeNumber} node ${node} uses feature ${feature}`);
      const left = tree.left[node]!;
      const right = tree.right[node]!;
      if (left <= node || right <= node || left >= size || right >= size) throw new Error(`model ${artifact.id}: tree ${treeNumber} node ${node} has bad children`);
    }
  }
  const gbm = toGbmModel(artifact.features, artifact.baseScore, artifact.trees);
  const scale = toGbmModel(artifact.features, artifact.intervals.scale.baseScore, artifact.intervals.scale.trees);
  if (!artifact.intervals.byRegion['*']) throw new Error(`model ${artifact.id}: the interval table has no '*' region`);
  const smoothing = { alpha: artifact.smoothing.alpha, lambda: artifact.smoothing.lambda, residualById: decodeResiduals(artifact.smoothing) };
  return { id: artifact.id, artifact, gbm, compiled: compileGbm(gbm), intervalScale: compileGbm(scale), smoothing };
}
