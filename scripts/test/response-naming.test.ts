// Issue 13.5: one naming style inside each response object. Every object schema that
// packages/schemas exports, at any depth, names its own keys in one style: snake_case or
// camelCase (one-word keys suit both). Nested objects may differ (the original client's
// snake_case envelopes carry our camelCase engine results), as SPEC.md and COMPAT.md fix them.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schemas from '@propguard/schemas';

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType; out?: z.ZodType; valueType?: z.ZodType; left?: z.ZodType; right?: z.ZodType; getter?: () => z.ZodType };

function defOf(schema: unknown): Def | null {
  const internals = (schema as { _zod?: { def?: Def } })._zod;
  return internals?.def ?? null;
}

function styleOf(key: string): 'snake' | 'camel' | null {
  if (/^[a-z0-9]+$/.test(key)) return null;
  if (/^[a-z0-9]+(_[a-z0-9]+)+$/.test(key)) return 'snake';
  if (/^[a-z][a-zA-Z0-9]*$/.test(key)) return 'camel';
  return null;
}

/** Objects whose own keys mix the two styles, as "path: snake keys / camel keys". */
function findMixedObjects(schema: unknown, path: string, seen: Set<unknown>, found: string[], visited = { objects: 0 }): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  if (!def) return;
  if (def.type === 'object' && def.shape) {
    visited.objects += 1;
    const keys = Object.keys(def.shape);
    const snake = keys.filter((key) => styleOf(key) === 'snake');
    const camel = keys.filter((key) => styleOf(key) === 'camel');
    if (snake.length > 0 && camel.length > 0) found.push(`${path}: ${snake.join(', ')} / ${camel.join(', ')}`);
    for (const [key, value] of Object.entries(def.shape)) findMixedObjects(value, `${path}.${key}`, seen, found, visited);
    return;
  }
  const children = [def.element, def.innerType, def.in, def.out, def.valueType, def.left, def.right, ...(def.options ?? [])];
  for (const child of children) if (child) findMixedObjects(child, path, seen, found, visited);
}

describe('response naming', () => {
  it('no object schema mixes snake_case and camelCase keys', () => {
    const found: string[] = [];
    const seen = new Set<unknown>();
    const visited = { objects: 0 };
    for (const [name, value] of Object.entries(schemas)) if (name.endsWith('Schema')) findMixedObjects(value, name, seen, found, visited);
    expect(visited.objects).toBeGreaterThan(150);
    expect(found).toEqual([]);
  });

  it('finds a mixed object (the check itself works)', async () => {
    const { z: zod } = await import('zod');
    const found: string[] = [];
    findMixedObjects(zod.object({ success: zod.literal(true), took_ms: zod.number(), place: zod.object({ placeChoice: zod.string(), state_name: zod.string() }) }), 'example', new Set(), found);
    expect(found).toEqual(['example.place: state_name / placeChoice']);
  });
});
