/**
 * `npm run bench:valuation-nsw`: the NSW line (issue 31, item 9) for the SHIPPED model
 * (models/current.json, or VALUATION_MODEL_PATH): every sale of one property in five of the NSW
 * Valuer General's files, valued as at its contract date from a user's fields with the held-out
 * properties out of the index (evaluatePropertyHoldout of the engines, the evaluation's own code).
 * A measurement only when the model saw none of those sales: it says whether it did.
 * `npm run bench:valuation` measures the same line for the training recipe (the evaluation model).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSalesIndex, evaluatePropertyHoldout, formatAccuracyTable, isHoldoutSplit, parseValuationModel } from '@propguard/engines';
import { buildEvaluationIndex } from '../apps/cli/src/commands/train.ts';
import { loadBenchMovement, loadBenchSales } from './load-sales.ts';

const started = performance.now();
const sales = await loadBenchSales();
const model = parseValuationModel(JSON.parse(readFileSync(resolve(process.env.VALUATION_MODEL_PATH ?? 'models/current.json'), 'utf8')));
const { index, splits } = buildEvaluationIndex(sales, await loadBenchMovement());
const baselineIndex = buildSalesIndex(index.sales.filter((_sale, row) => !isHoldoutSplit(splits[row])), { movement: index.movement });
const row = evaluatePropertyHoldout(model, index, splits, baselineIndex);
if (!row) {
  console.log('No sales of the NSW Valuer General\'s files in this database.');
} else {
  const heldOut = index.sales.filter((_sale, position) => splits[position] === 'propertyHoldout');
  const sawThem = heldOut.some((sale) => sale.saleDate <= model.artifact.createdFrom.lastSaleDate && model.artifact.createdFrom.lastSaleDate >= '2020-10-01');
  console.log(formatAccuracyTable([row]));
  console.log(`\nModel ${model.id} (trained on sales to ${model.artifact.createdFrom.lastSaleDate}): ${sawThem ? 'it may have seen these sales: NOT a measurement' : 'it saw none of the Valuer General\'s sales'}. ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}
