/**
 * A histogram gradient-boosting regressor (squared loss) in plain TypeScript, after LightGBM
 * (Ke et al., 2017, "LightGBM: A Highly Efficient Gradient Boosting Decision Tree") and XGBoost
 * (Chen & Guestrin, 2016): features are binned once into at most 254 quantile bins plus a
 * missing bin; trees grow leaf-wise (best gain first) up to `maxLeaves` leaves and `maxDepth`;
 * a split's missing values go to the side that lowers the loss most (learned default direction);
 * leaf values are -G / (H + lambda) (L2 regularisation) times the learning rate; each tree sees a
 * seeded row subsample; training stops when the validation error has not improved for
 * `earlyStoppingRounds` trees. Monotone constraints (+1) follow LightGBM's "basic" method: a split
 * on a constrained feature bounds the left subtree's values above and the right subtree's below by
 * the midpoint of the two children, so the whole tree is non-decreasing in that feature.
 *
 * The trained trees are flat arrays whose thresholds are raw feature values (a value goes left
 * when `value <= threshold`, a missing value (NaN) goes left when `defaultLeft` is 1), so
 * inference needs no bins.
 */
import { createPrng } from './prng.ts';

export interface GbmParams {
  maxTrees: number;
  learningRate: number;
  maxLeaves: number;
  maxDepth: number;
  minLeafRows: number;
  /** L2 regularisation of leaf values. */
  lambda: number;
  /** Share of rows each tree is fitted on (0-1]. */
  subsample: number;
  /** Quantile bins per feature (at most 254; one more bin holds missing values). */
  maxBins: number;
  seed: number;
  /** Stop when the validation RMSE has not improved for this many trees (needs validation rows). */
  earlyStoppingRounds: number;
  /** Per feature: 1 = the prediction never decreases as the feature grows, 0 = unconstrained. */
  monotone?: readonly number[];
  /**
   * Huber loss: residuals beyond this are clipped in the gradient (hessian kept at 1), so a few
   * extreme sales pull the trees less; absent = squared loss.
   */
  huberDelta?: number;
}

/** One tree as flat arrays; node 0 is the root; `feature[i] === -1` marks a leaf. */
export interface GbmTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  /** 1 when a missing value goes to the left child. */
  defaultLeft: number[];
  /** Leaf value, or for an internal node the value it would have as a leaf (used by contributions). */
  value: number[];
}

export interface GbmModel {
  featureNames: string[];
  baseScore: number;
  trees: GbmTree[];
}

export interface GbmTrainingReport {
  treesTrained: number;
  bestIteration: number;
  trainRmse: number;
  validationRmse: number | null;
}

/** Feature-major training matrix: `columns[f][row]`, NaN for missing. */
export interface GbmDataset {
  columns: Float64Array[];
  target: Float64Array;
}

export const DEFAULT_GBM_PARAMS: GbmParams = {
  maxTrees: 600,
  learningRate: 0.08,
  maxLeaves: 48,
  maxDepth: 10,
  minLeafRows: 30,
  lambda: 1,
  subsample: 0.7,
  maxBins: 254,
  seed: 1,
  earlyStoppingRounds: 30,
};

const MISSING_BIN = 255;
const HIST_STRIDE = 256;

/** Cut points so that a value v falls in the first bin b with v <= edges[b], else bin edges.length. */
export function computeBinEdges(column: Float64Array, maxBins: number): Float64Array {
  const present: number[] = [];
  const step = Math.max(1, Math.floor(column.length / 200_000));
  for (let row = 0; row < column.length; row += step) {
    const value = column[row]!;
    if (!Number.isNaN(value)) present.push(value);
  }
  if (present.length === 0) return new Float64Array(0);
  present.sort((a, b) => a - b);
  const distinct: number[] = [];
  for (const value of present) if (distinct.length === 0 || distinct[distinct.length - 1] !== value) distinct.push(value);
  const bins = Math.min(maxBins, 254);
  if (distinct.length <= bins) return Float64Array.from(distinct.slice(0, -1));
  const edges: number[] = [];
  for (let bin = 1; bin < bins; bin += 1) {
    const edge = present[Math.floor((bin * present.length) / bins)]!;
    if (edges.length === 0 || edge > edges[edges.length - 1]!) edges.push(edge);
  }
  if (edges[edges.length - 1] === distinct[distinct.length - 1]) edges.pop();
  return Float64Array.from(edges);
}

function findBin(edges: Float64Array, value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= edges[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

function binColumn(column: Float64Array, edges: Float64Array): Uint8Array {
  const binned = new Uint8Array(column.length);
  for (let row = 0; row < column.length; row += 1) {
    const value = column[row]!;
    binned[row] = Number.isNaN(value) ? MISSING_BIN : findBin(edges, value);
  }
  return binned;
}

interface SplitCandidate {
  gain: number;
  feature: number;
  bin: number;
  defaultLeft: boolean;
  leftValue: number;
  rightValue: number;
}

interface GrowingLeaf {
  node: number;
  start: number;
  end: number;
  depth: number;
  gradSum: number;
  hessSum: number;
  lower: number;
  upper: number;
  gradHist: Float64Array;
  countHist: Float64Array;
  best: SplitCandidate | null;
}

function clamp(value: number, lower: number, upper: number): number {
  return value < lower ? lower : value > upper ? upper : value;
}

/** The loss of a leaf with gradient sum g, hessian sum h and value w: g*w + (h + lambda)*w^2/2. */
function leafObjective(gradSum: number, hessSum: number, lambda: number, weight: number): number {
  return gradSum * weight + 0.5 * (hessSum + lambda) * weight * weight;
}

class TreeGrower {
  private readonly rows: Uint32Array;
  private readonly scratch: Uint32Array;

  constructor(
    private readonly binned: Uint8Array[],
    private readonly binCounts: number[],
    private readonly grad: Float64Array,
    private readonly params: GbmParams,
    rowCapacity: number,
  ) {
    this.rows = new Uint32Array(rowCapacity);
    this.scratch = new Uint32Array(rowCapacity);
  }

  private buildHistogram(leaf: GrowingLeaf): void {
    const { rows, grad } = this;
    leaf.gradHist.fill(0);
    leaf.countHist.fill(0);
    for (let feature = 0; feature < this.binned.length; feature += 1) {
      const column = this.binned[feature]!;
      const offset = feature * HIST_STRIDE;
      const gradHist = leaf.gradHist;
      const countHist = leaf.countHist;
      for (let index = leaf.start; index < leaf.end; index += 1) {
        const row = rows[index]!;
        const bin = offset + column[row]!;
        gradHist[bin] = gradHist[bin]! + grad[row]!;
        countHist[bin] = countHist[bin]! + 1;
      }
    }
  }

  private findBestSplit(leaf: GrowingLeaf): SplitCandidate | null {
    const { lambda, minLeafRows } = this.params;
    const monotone = this.params.monotone;
    const parentWeight = clamp(-leaf.gradSum / (leaf.hessSum + lambda), leaf.lower, leaf.upper);
    const parentObjective = leafObjective(leaf.gradSum, leaf.hessSum, lambda, parentWeight);
    let best: SplitCandidate | null = null;
    for (let feature = 0; feature < this.binned.length; feature += 1) {
      const offset = feature * HIST_STRIDE;
      const binCount = this.binCounts[feature]!;
      if (binCount < 2) continue;
      const missingGrad = leaf.gradHist[offset + MISSING_BIN]!;
      const missingCount = leaf.countHist[offset + MISSING_BIN]!;
      const isMonotone = monotone !== undefined && monotone[feature] === 1;
      let leftGrad = 0;
      let leftCount = 0;
      for (let bin = 0; bin < binCount - 1; bin += 1) {
        leftGrad += leaf.gradHist[offset + bin]!;
        leftCount += leaf.countHist[offset + bin]!;
        for (let option = 0; option < (missingCount > 0 ? 2 : 1); option += 1) {
          // option 0: missing values go right (or, with none in this leaf, to the larger side);
          // option 1: missing values go left.
          const gl = option === 1 ? leftGrad + missingGrad : leftGrad;
          const hl = option === 1 ? leftCount + missingCount : leftCount;
          const gr = leaf.gradSum - gl;
          const hr = leaf.hessSum - hl;
          if (hl < minLeafRows || hr < minLeafRows) continue;
          const leftValue = clamp(-gl / (hl + lambda), leaf.lower, leaf.upper);
          const rightValue = clamp(-gr / (hr + lambda), leaf.lower, leaf.upper);
          if (isMonotone && leftValue > rightValue) continue;
          const gain = parentObjective - leafObjective(gl, hl, lambda, leftValue) - leafObjective(gr, hr, lambda, rightValue);
          if (gain > 1e-12 && (best === null || gain > best.gain)) {
            const defaultLeft = option === 1 || (missingCount === 0 && hl >= hr);
            best = { gain, feature, bin, defaultLeft, leftValue, rightValue };
          }
        }
      }
    }
    return best;
  }

  grow(sampleRows: Uint32Array, gradSum: number, tree: GbmTree, binTree: number[]): void {
    const { params } = this;
    this.rows.set(sampleRows);
    const featureCount = this.binned.length;
    const newHist = () => new Float64Array(featureCount * HIST_STRIDE);
    const root: GrowingLeaf = {
      node: 0,
      start: 0,
      end: sampleRows.length,
      depth: 0,
      gradSum,
      hessSum: sampleRows.length,
      lower: -Infinity,
      upper: Infinity,
      gradHist: newHist(),
      countHist: newHist(),
      best: null,
    };
    const rootValue = -gradSum / (sampleRows.length + params.lambda);
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.defaultLeft.push(0);
    tree.value.push(rootValue * params.learningRate);
    binTree.push(0);
    this.buildHistogram(root);
    root.best = root.depth < params.maxDepth ? this.findBestSplit(root) : null;
    const open: GrowingLeaf[] = [root];
    let leafCount = 1;
    while (leafCount < params.maxLeaves) {
      let chosenIndex = -1;
      for (let index = 0; index < open.length; index += 1) {
        const candidate = open[index]!.best;
        if (candidate !== null && (chosenIndex === -1 || candidate.gain > open[chosenIndex]!.best!.gain)) chosenIndex = index;
      }
      if (chosenIndex === -1) break;
      const leaf = open[chosenIndex]!;
      open.splice(chosenIndex, 1);
      const split = leaf.best!;
      // Partition the leaf's rows: left when bin <= split bin, or missing with defaultLeft.
      const column = this.binned[split.feature]!;
      let leftEnd = leaf.start;
      let rightCursor = 0;
      for (let index = leaf.start; index < leaf.end; index += 1) {
        const row = this.rows[index]!;
        const bin = column[row]!;
        const goesLeft = bin === MISSING_BIN ? split.defaultLeft : bin <= split.bin;
        if (goesLeft) this.rows[leftEnd++] = row;
        else this.scratch[rightCursor++] = row;
      }
      this.rows.set(this.scratch.subarray(0, rightCursor), leftEnd);
      let leftGrad = 0;
      for (let index = leaf.start; index < leftEnd; index += 1) leftGrad += this.grad[this.rows[index]!]!;
      const isMonotoneSplit = params.monotone !== undefined && params.monotone[split.feature] === 1;
      const middle = (split.leftValue + split.rightValue) / 2;
      const leftNode = tree.feature.length;
      const rightNode = leftNode + 1;
      const makeChild = (node: number, start: number, end: number, childGrad: number, isLeft: boolean): GrowingLeaf => ({
        node,
        start,
        end,
        depth: leaf.depth + 1,
        gradSum: childGrad,
        hessSum: end - start,
        lower: isMonotoneSplit && !isLeft ? Math.max(leaf.lower, middle) : leaf.lower,
        upper: isMonotoneSplit && isLeft ? Math.min(leaf.upper, middle) : leaf.upper,
        gradHist: leaf.gradHist,
        countHist: leaf.countHist,
        best: null,
      });
      const left = makeChild(leftNode, leaf.start, leftEnd, leftGrad, true);
      const right = makeChild(rightNode, leftEnd, leaf.end, leaf.gradSum - leftGrad, false);
      // Histogram subtraction: build the smaller child's, the larger is parent minus smaller.
      const [small, large] = left.end - left.start <= right.end - right.start ? [left, right] : [right, left];
      small.gradHist = newHist();
      small.countHist = newHist();
      this.buildHistogram(small);
      for (let index = 0; index < large.gradHist.length; index += 1) {
        large.gradHist[index] = large.gradHist[index]! - small.gradHist[index]!;
        large.countHist[index] = large.countHist[index]! - small.countHist[index]!;
      }
      tree.feature[leaf.node] = split.feature;
      tree.threshold[leaf.node] = Number.NaN; // filled by the caller from the bin edges
      tree.left[leaf.node] = leftNode;
      tree.right[leaf.node] = rightNode;
      tree.defaultLeft[leaf.node] = split.defaultLeft ? 1 : 0;
      binTree[leaf.node] = split.bin;
      for (const child of [left, right]) {
        tree.feature.push(-1);
        tree.threshold.push(0);
        tree.left.push(-1);
        tree.right.push(-1);
        tree.defaultLeft.push(0);
        tree.value.push(clamp(-child.gradSum / (child.hessSum + params.lambda), child.lower, child.upper) * params.learningRate);
        binTree.push(0);
        child.best = child.depth < params.maxDepth ? this.findBestSplit(child) : null;
        open.push(child);
      }
      leafCount += 1;
    }
  }
}

function predictBinnedTree(tree: GbmTree, binTree: number[], binned: Uint8Array[], row: number): number {
  let node = 0;
  while (tree.feature[node]! !== -1) {
    const bin = binned[tree.feature[node]!]![row]!;
    const goesLeft = bin === MISSING_BIN ? tree.defaultLeft[node] === 1 : bin <= binTree[node]!;
    node = goesLeft ? tree.left[node]! : tree.right[node]!;
  }
  return tree.value[node]!;
}

/** The value one tree gives a raw feature vector (NaN = missing). */
export function predictTree(tree: GbmTree, features: ArrayLike<number>): number {
  let node = 0;
  while (tree.feature[node]! !== -1) {
    const value = features[tree.feature[node]!]!;
    const goesLeft = Number.isNaN(value) ? tree.defaultLeft[node] === 1 : value <= tree.threshold[node]!;
    node = goesLeft ? tree.left[node]! : tree.right[node]!;
  }
  return tree.value[node]!;
}

/** The model's prediction for one raw feature vector (NaN = missing). */
export function predictGbm(model: GbmModel, features: ArrayLike<number>): number {
  let sum = model.baseScore;
  for (const tree of model.trees) sum += predictTree(tree, features);
  return sum;
}

/**
 * Saabas path contributions (Saabas, 2014, "Interpreting random forests"): walking each tree from
 * the root to the leaf, the change of node value at each split is credited to the split's feature.
 * Per tree the credits telescope to leaf value - root value, so
 * `bias + sum(contributions) === predictGbm(model, features)` exactly (up to float rounding), with
 * bias = baseScore + the sum of the root values.
 */
export function explainGbm(model: GbmModel, features: ArrayLike<number>): { bias: number; contributions: Float64Array } {
  const contributions = new Float64Array(model.featureNames.length);
  let bias = model.baseScore;
  for (const tree of model.trees) {
    let node = 0;
    bias += tree.value[0]!;
    while (tree.feature[node]! !== -1) {
      const feature = tree.feature[node]!;
      const value = features[feature]!;
      const goesLeft = Number.isNaN(value) ? tree.defaultLeft[node] === 1 : value <= tree.threshold[node]!;
      const child = goesLeft ? tree.left[node]! : tree.right[node]!;
      contributions[feature] = contributions[feature]! + tree.value[child]! - tree.value[node]!;
      node = child;
    }
  }
  return { bias, contributions };
}

function rmse(predictions: Float64Array, target: Float64Array): number {
  let sum = 0;
  for (let row = 0; row < target.length; row += 1) sum += (predictions[row]! - target[row]!) ** 2;
  return Math.sqrt(sum / Math.max(1, target.length));
}

/**
 * Fit a boosted-tree regressor on `train` (squared loss); with `validation`, stop early and keep
 * the trees up to the best validation RMSE.
 *
 * @example trainGbm(['x'], { columns: [xs], target: ys }, null, { ...DEFAULT_GBM_PARAMS, maxTrees: 50 })
 */
export function trainGbm(
  featureNames: string[],
  train: GbmDataset,
  validation: GbmDataset | null,
  params: GbmParams,
  onProgress?: (iteration: number, trainRmse: number, validationRmse: number | null) => void,
): { model: GbmModel; report: GbmTrainingReport } {
  const rowCount = train.target.length;
  const featureCount = featureNames.length;
  if (train.columns.length !== featureCount) throw new Error(`expected ${featureCount} feature columns, got ${train.columns.length}`);
  const edges = train.columns.map((column) => computeBinEdges(column, params.maxBins));
  const binned = train.columns.map((column, feature) => binColumn(column, edges[feature]!));
  const binCounts = edges.map((edge) => edge.length + 1);
  let baseScore = 0;
  for (let row = 0; row < rowCount; row += 1) baseScore += train.target[row]!;
  baseScore /= Math.max(1, rowCount);

  const predictions = new Float64Array(rowCount).fill(baseScore);
  const grad = new Float64Array(rowCount);
  const validationPredictions = validation ? new Float64Array(validation.target.length).fill(baseScore) : null;
  const validationRow = new Float64Array(featureCount);
  const random = createPrng(params.seed);
  const grower = new TreeGrower(binned, binCounts, grad, params, rowCount);
  const trees: GbmTree[] = [];
  let bestIteration = 0;
  let bestValidation = Infinity;
  let trainRmse = rmse(predictions, train.target);
  let validationRmse: number | null = null;
  const sample = new Uint32Array(rowCount);
  const huberDelta = params.huberDelta;
  for (let iteration = 0; iteration < params.maxTrees; iteration += 1) {
    let sampleSize = 0;
    let gradSum = 0;
    for (let row = 0; row < rowCount; row += 1) {
      const residual = predictions[row]! - train.target[row]!;
      grad[row] = huberDelta === undefined ? residual : residual > huberDelta ? huberDelta : residual < -huberDelta ? -huberDelta : residual;
      if (params.subsample >= 1 || random() < params.subsample) {
        sample[sampleSize++] = row;
        gradSum += grad[row]!;
      }
    }
    if (sampleSize < 2 * params.minLeafRows) continue;
    const tree: GbmTree = { feature: [], threshold: [], left: [], right: [], defaultLeft: [], value: [] };
    const binTree: number[] = [];
    grower.grow(sample.subarray(0, sampleSize), gradSum, tree, binTree);
    for (let node = 0; node < tree.feature.length; node += 1) {
      if (tree.feature[node] !== -1) tree.threshold[node] = edges[tree.feature[node]!]![binTree[node]!]!;
    }
    trees.push(tree);
    for (let row = 0; row < rowCount; row += 1) predictions[row] = predictions[row]! + predictBinnedTree(tree, binTree, binned, row);
    trainRmse = rmse(predictions, train.target);
    if (validation && validationPredictions) {
      for (let row = 0; row < validation.target.length; row += 1) {
        for (let feature = 0; feature < featureCount; feature += 1) validationRow[feature] = validation.columns[feature]![row]!;
        validationPredictions[row] = validationPredictions[row]! + predictTree(tree, validationRow);
      }
      validationRmse = rmse(validationPredictions, validation.target);
      if (validationRmse < bestValidation - 1e-9) {
        bestValidation = validationRmse;
        bestIteration = trees.length;
      } else if (trees.length - bestIteration >= params.earlyStoppingRounds) {
        onProgress?.(iteration + 1, trainRmse, validationRmse);
        break;
      }
    } else {
      bestIteration = trees.length;
    }
    onProgress?.(iteration + 1, trainRmse, validationRmse);
  }
  const treesTrained = trees.length;
  trees.length = bestIteration;
  return {
    model: { featureNames, baseScore, trees },
    report: { treesTrained, bestIteration, trainRmse, validationRmse: validation ? bestValidation : null },
  };
}

/** Every tree of a model in one set of typed arrays (node ids offset per tree): fast inference. */
export interface CompiledGbm {
  baseScore: number;
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  defaultLeft: Uint8Array;
  value: Float64Array;
}

/** Pack a model's trees for predictCompiled (same answers as predictGbm, in the same order of additions). */
export function compileGbm(model: GbmModel): CompiledGbm {
  const total = model.trees.reduce((sum, tree) => sum + tree.feature.length, 0);
  const compiled: CompiledGbm = {
    baseScore: model.baseScore,
    roots: new Int32Array(model.trees.length),
    feature: new Int32Array(total),
    threshold: new Float64Array(total),
    left: new Int32Array(total),
    right: new Int32Array(total),
    defaultLeft: new Uint8Array(total),
    value: new Float64Array(total),
  };
  let offset = 0;
  model.trees.forEach((tree, treeNumber) => {
    compiled.roots[treeNumber] = offset;
    for (let node = 0; node < tree.feature.length; node += 1) {
      const at = offset + node;
      compiled.feature[at] = tree.feature[node]!;
      compiled.threshold[at] = tree.threshold[node]!;
      compiled.left[at] = tree.left[node]! + offset;
      compiled.right[at] = tree.right[node]! + offset;
      compiled.defaultLeft[at] = tree.defaultLeft[node]!;
      compiled.value[at] = tree.value[node]!;
    }
    offset += tree.feature.length;
  });
  return compiled;
}

/** predictGbm on a compiled model. */
export function predictCompiled(model: CompiledGbm, features: ArrayLike<number>): number {
  const { roots, feature, threshold, left, right, defaultLeft, value } = model;
  let sum = model.baseScore;
  for (let tree = 0; tree < roots.length; tree += 1) {
    let node = roots[tree]!;
    for (;;) {
      const split = feature[node]!;
      if (split === -1) break;
      const x = features[split]!;
      node = (x !== x ? defaultLeft[node] === 1 : x <= threshold[node]!) ? left[node]! : right[node]!;
    }
    sum += value[node]!;
  }
  return sum;
}

/** explainGbm on a compiled model: the same bias and contributions, in the same order of additions. */
export function explainCompiled(model: CompiledGbm, features: ArrayLike<number>, featureCount: number): { bias: number; contributions: Float64Array } {
  const { roots, feature, threshold, left, right, defaultLeft, value } = model;
  const contributions = new Float64Array(featureCount);
  let bias = model.baseScore;
  for (let tree = 0; tree < roots.length; tree += 1) {
    let node = roots[tree]!;
    bias += value[node]!;
    for (;;) {
      const split = feature[node]!;
      if (split === -1) break;
      const x = features[split]!;
      const child = (x !== x ? defaultLeft[node] === 1 : x <= threshold[node]!) ? left[node]! : right[node]!;
      contributions[split] = contributions[split]! + value[child]! - value[node]!;
      node = child;
    }
  }
  return { bias, contributions };
}
