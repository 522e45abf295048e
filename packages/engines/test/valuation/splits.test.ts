// The evaluation's splits (train.ts, assignSplits): a source that identifies properties (the NSW
// Valuer General's files) is held out by property and leaves every other sale's split as it was.
import { describe, expect, it } from 'vitest';
import { assignSplits, buildSalesIndex, type IndexedSale } from '../../src/index.ts';
import { makeSyntheticSales } from './synthetic-sales.ts';

describe('assignSplits', () => {
  const cityOnly = makeSyntheticSales(3000);
  // A keyed source whose sales interleave with the city's in date order, and run later.
  const keyed: IndexedSale[] = makeSyntheticSales(1500, 9).map((sale, position) => ({
    ...sale,
    id: 100_000 + position,
    state: 'NSW',
    saleDate: position % 3 === 0 ? sale.saleDate : `2021-0${1 + (position % 3)}-15`,
    propertyKey: String(5000 + (position % 700)),
  }));

  it('adding a keyed source leaves every other sale in the split it had', () => {
    const before = buildSalesIndex(cityOnly).sales;
    const beforeSplits = new Map(assignSplits(before, 7, true).map((split, row) => [before[row]!.id, split]));
    const after = buildSalesIndex([...cityOnly, ...keyed]).sales;
    const afterSplits = assignSplits(after, 7, true);
    let compared = 0;
    after.forEach((sale, row) => {
      if (sale.propertyKey) return;
      expect(afterSplits[row]).toBe(beforeSplits.get(sale.id));
      compared += 1;
    });
    expect(compared).toBe(cityOnly.length);
    expect(new Set(beforeSplits.values())).toEqual(new Set(['train', 'validation', 'calibration', 'timeHoldout', 'randomHoldout']));
  });

  it('holds a keyed source out by property (every sale of one property in five), never in the latest or random hold-outs', () => {
    const sales = buildSalesIndex([...cityOnly, ...keyed]).sales;
    const splits = assignSplits(sales, 7, true);
    const byProperty = new Map<string, Set<string>>();
    sales.forEach((sale, row) => {
      if (!sale.propertyKey) return;
      expect(['timeHoldout', 'randomHoldout']).not.toContain(splits[row]);
      const seen = byProperty.get(sale.propertyKey) ?? new Set<string>();
      seen.add(splits[row] === 'propertyHoldout' ? 'held' : 'used');
      byProperty.set(sale.propertyKey, seen);
    });
    // A property is either held out whole or not at all.
    for (const seen of byProperty.values()) expect(seen.size).toBe(1);
    const heldShare = [...byProperty.values()].filter((seen) => seen.has('held')).length / byProperty.size;
    expect(heldShare).toBeGreaterThan(0.12);
    expect(heldShare).toBeLessThan(0.28);
  });
});
