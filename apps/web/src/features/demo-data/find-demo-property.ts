import { DEMO_PROPERTIES } from './demo-properties.ts';
import type { DemoProperty } from './demo-properties.ts';

/** How a typed address was paired with a sample property. */
export type DemoMatchKind = 'address' | 'partial' | 'fallback';
export type DemoMatch = { property: DemoProperty; match: DemoMatchKind };

/** Lower case, punctuation as spaces, single spaces: "123 Collins St," -> "123 collins st". */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

// Street types and fillers match too many addresses to say anything about which one is meant.
const GENERIC_WORDS = new Set(['street', 'road', 'avenue', 'parade', 'crescent', 'terrace', 'way', 'lane', 'drive', 'place', 'court', 'the', 'unit']);

function words(text: string): string[] {
  return normalise(text).split(' ').filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word));
}

/** A stable index from the text, so one address always shows the same sample property. */
function stableIndex(text: string, count: number): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % count;
}

/**
 * SPEC.md section 5: a case-insensitive substring match in either direction ("collins street"
 * finds 123 Collins Street, Melbourne); otherwise the property sharing the most words with the
 * address (its city counts, so "Perth" finds the Perth sample); otherwise one sample property.
 * The old product picked that last one at random; we pick it from the address so that the same
 * address always shows the same sample.
 */
export function findDemoProperty(address: string, properties: readonly DemoProperty[] = DEMO_PROPERTIES): DemoMatch {
  const first = properties[0];
  if (!first) throw new RangeError('No demo properties to match against');
  const typed = normalise(address);

  if (typed !== '') {
    const exact = properties.find((property) => {
      const candidate = normalise(property.address);
      return candidate.includes(typed) || typed.includes(candidate);
    });
    if (exact) return { property: exact, match: 'address' };

    const typedWords = new Set(words(address));
    let best: { property: DemoProperty; score: number } | undefined;
    for (const property of properties) {
      const candidateWords = new Set([...words(property.address), ...words(property.city)]);
      const score = [...typedWords].filter((word) => candidateWords.has(word)).length;
      if (score > 0 && (!best || score > best.score)) best = { property, score };
    }
    if (best) return { property: best.property, match: 'partial' };
  }

  return { property: properties[stableIndex(typed, properties.length)] ?? first, match: 'fallback' };
}
