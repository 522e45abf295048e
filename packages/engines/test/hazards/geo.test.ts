import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPolygonIndex, buildSegmentIndex, distanceToSegmentKm, findContaining, findNearestLine, isInPolygon } from '../../src/hazards/geo.ts';
import type { Polyline } from '../../src/hazards/types.ts';

describe('segment index', () => {
  it('finds the same nearest segment as a brute-force scan', () => {
    const coordinate = fc.tuple(fc.double({ min: 150, max: 151, noNaN: true }), fc.double({ min: -34.5, max: -33.5, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.array(coordinate, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 }), coordinate, (lines, [lng, lat]) => {
        const polylines: Polyline[] = lines.map((points) => ({ name: null, kind: 'test', coords: points.flat() }));
        const index = buildSegmentIndex(polylines);
        let brute = Infinity;
        for (const line of polylines) for (let i = 0; i + 3 < line.coords.length; i += 2) brute = Math.min(brute, distanceToSegmentKm(lat, lng, line.coords[i]!, line.coords[i + 1]!, line.coords[i + 2]!, line.coords[i + 3]!));
        const found = findNearestLine(index, lat, lng, 500);
        expect(found).not.toBeNull();
        expect(found!.distanceKm).toBeCloseTo(brute, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('returns null beyond the search radius', () => {
    const index = buildSegmentIndex([{ name: null, kind: 'test', coords: [150, -34, 150, -33] }]);
    // 0.5° of longitude at -33.5° is 0.5 x 111.32 x cos(33.5°) = 46.4 km
    expect(findNearestLine(index, -33.5, 150.5, 40)).toBeNull();
    expect(findNearestLine(index, -33.5, 150.5, 50)!.distanceKm).toBeCloseTo(46.41, 1);
  });
});

describe('point in polygon', () => {
  it('respects holes', () => {
    const outer = [0, 0, 10, 0, 10, 10, 0, 10, 0, 0];
    const hole = [4, 4, 6, 4, 6, 6, 4, 6, 4, 4];
    expect(isInPolygon(2, 2, [outer, hole])).toBe(true);
    expect(isInPolygon(5, 5, [outer, hole])).toBe(false);
    expect(isInPolygon(11, 5, [outer, hole])).toBe(false);
    const index = buildPolygonIndex([{ id: 'a', polygons: [[outer, hole]] }], (item) => item.polygons);
    expect(findContaining(index, 2, 2, (item) => item.polygons).map((item) => item.id)).toEqual(['a']);
    expect(findContaining(index, 5, 5, (item) => item.polygons)).toEqual([]);
  });
});
