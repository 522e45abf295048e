import { describe, expect, it } from 'vitest';
import { createPrng, DEFAULT_GBM_PARAMS, explainGbm, predictGbm, trainGbm, type GbmDataset, type GbmParams } from '../../src/index.ts';
import { compileGbm, explainCompiled } from '../../src/valuation/gbm.ts';

const PARAMS: GbmParams = { ...DEFAULT_GBM_PARAMS, maxTrees: 60, learningRate: 0.2, maxLeaves: 8, minLeafRows: 5, subsample: 0.8, earlyStoppingRounds: 1000 };

/** y = 3x0 + sin(3x1) on x in [0,1)^2 (with x1 missing for a tenth of rows in some tests). */
function makeData(rows: number, seed: number, missingShare = 0): GbmDataset {
  const random = createPrng(seed);
  const x0 = new Float64Array(rows);
  const x1 = new Float64Array(rows);
  const target = new Float64Array(rows);
  for (let row = 0; row < rows; row += 1) {
    x0[row] = random();
    x1[row] = random();
    target[row] = 3 * x0[row]! + Math.sin(3 * x1[row]!);
    if (random() < missingShare) x1[row] = Number.NaN;
  }
  return { columns: [x0, x1], target };
}

function rmseOf(model: ReturnType<typeof trainGbm>['model'], data: GbmDataset): number {
  let sum = 0;
  for (let row = 0; row < data.target.length; row += 1) sum += (predictGbm(model, [data.columns[0]![row]!, data.columns[1]![row]!]) - data.target[row]!) ** 2;
  return Math.sqrt(sum / data.target.length);
}

describe('trainGbm', () => {
  it('fits a known function: held-out RMSE well below the target spread', () => {
    // The target's standard deviation is about 0.95 (3x0 alone: 3/sqrt(12) = 0.87).
    const { model } = trainGbm(['x0', 'x1'], makeData(2000, 1), null, PARAMS);
    expect(rmseOf(model, makeData(500, 2))).toBeLessThan(0.15);
    // A worked point: x = (0.5, 0.5) -> 1.5 + sin(1.5) = 2.497.
    expect(predictGbm(model, [0.5, 0.5])).toBeCloseTo(2.497, 0);
  });

  it('more trees lower the training error', () => {
    const data = makeData(1000, 3);
    const errors = [5, 20, 60].map((maxTrees) => rmseOf(trainGbm(['x0', 'x1'], data, null, { ...PARAMS, maxTrees }).model, data));
    expect(errors[1]!).toBeLessThan(errors[0]!);
    expect(errors[2]!).toBeLessThan(errors[1]!);
  });

  it('is deterministic for a seed and varies with another', () => {
    const data = makeData(800, 4);
    const a = trainGbm(['x0', 'x1'], data, null, PARAMS).model;
    const b = trainGbm(['x0', 'x1'], data, null, PARAMS).model;
    const c = trainGbm(['x0', 'x1'], data, null, { ...PARAMS, seed: 99 }).model;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('handles missing values with a learned default direction', () => {
    const data = makeData(2000, 5, 0.1);
    const { model } = trainGbm(['x0', 'x1'], data, null, PARAMS);
    const prediction = predictGbm(model, [0.5, Number.NaN]);
    // With x1 unknown the best guess is 1.5 + E[sin(3 x1)] = 1.5 + (1 - cos 3)/3 = 2.163.
    expect(prediction).toBeGreaterThan(1.8);
    expect(prediction).toBeLessThan(2.5);
    expect(model.trees.some((tree) => tree.defaultLeft.some((flag, node) => tree.feature[node] === 1 && flag === 1) || tree.feature.includes(1))).toBe(true);
  });

  it('stops early on a validation set and keeps the best trees', () => {
    const { model, report } = trainGbm(['x0', 'x1'], makeData(500, 6), makeData(300, 7), { ...PARAMS, maxTrees: 400, earlyStoppingRounds: 10 });
    expect(report.treesTrained).toBeLessThan(400);
    expect(model.trees.length).toBe(report.bestIteration);
  });

  it('honours a monotone constraint even against a decreasing signal', () => {
    const random = createPrng(8);
    const rows = 1500;
    const x0 = Float64Array.from({ length: rows }, () => random());
    const x1 = Float64Array.from({ length: rows }, () => random());
    // y falls with x0 in the middle third; the constraint forbids the model from following it.
    const target = Float64Array.from(x0, (x, row) => x + (x > 0.33 && x < 0.66 ? -0.5 : 0) + 0.2 * x1[row]!);
    const { model } = trainGbm(['x0', 'x1'], { columns: [x0, x1], target }, null, { ...PARAMS, monotone: [1, 0] });
    for (const other of [0.1, 0.5, 0.9]) {
      let previous = -Infinity;
      for (let x = 0; x <= 1; x += 0.01) {
        const value = predictGbm(model, [x, other]);
        expect(value).toBeGreaterThanOrEqual(previous - 1e-12);
        previous = value;
      }
    }
  });

  it('Saabas contributions sum with the bias to the prediction', () => {
    const { model } = trainGbm(['x0', 'x1'], makeData(800, 9, 0.1), null, PARAMS);
    for (const point of [[0.1, 0.2], [0.7, Number.NaN], [0.95, 0.99]]) {
      const { bias, contributions } = explainGbm(model, point);
      expect(bias + contributions[0]! + contributions[1]!).toBeCloseTo(predictGbm(model, point), 10);
      // The compiled walk (what a valuation's factors use) gives the same figures, to the last bit.
      const compiled = explainCompiled(compileGbm(model), point, 2);
      expect(compiled.bias).toBe(bias);
      expect([...compiled.contributions]).toEqual([...contributions]);
    }
  });
});
