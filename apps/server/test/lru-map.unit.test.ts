import { describe, expect, it } from 'vitest';
import { LruMap } from '../src/services/lru-map.ts';

describe('LruMap', () => {
  it('drops the least recently used entries past its capacity; reading an entry marks it used', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.size]).toEqual([1, 3, 2]);
  });

  it('counts weight, and never drops the entry just set', () => {
    const map = new LruMap<string, number[]>(5, (list) => list.length);
    map.set('three', [1, 2, 3]);
    map.set('two', [1, 2]);
    map.set('four', [1, 2, 3, 4]);
    expect([map.get('three'), map.get('two')]).toEqual([undefined, undefined]);
    map.set('nine', [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(map.get('nine')).toHaveLength(9);
    expect(map.size).toBe(1);
    // Setting a key again replaces its weight.
    map.set('nine', [1]);
    map.set('four', [1, 2, 3, 4]);
    expect(map.size).toBe(2);
  });
});
