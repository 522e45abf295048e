/**
 * Seeded pseudo-random numbers (mulberry32, Tommy Ettinger's public-domain generator): the
 * learner's row subsampling and the hold-out splits are reproducible from a seed; nothing in the
 * engines calls Math.random.
 */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
