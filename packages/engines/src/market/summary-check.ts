/**
 * The guard on a model-written summary: every number in its text must be one of the computed
 * figures (as written, as a percentage, or in dollars, thousands or millions), else the
 * deterministic summary is used. Years and the as-at date's day count as figures when given.
 */

/** The numbers written in a text: "$1,120,000", "6.2%", "1.12M", "84" -> 1120000, 6.2, 1.12, 84 (suffixes applied). */
export function extractNumbers(text: string): number[] {
  const numbers: number[] = [];
  for (const match of text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*(k|m|million|thousand|bn)?\b/gi)) {
    const value = Number(match[1]!.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const suffix = (match[2] ?? '').toLowerCase();
    const scale = suffix === 'k' || suffix === 'thousand' ? 1_000 : suffix === 'm' || suffix === 'million' ? 1_000_000 : suffix === 'bn' ? 1_000_000_000 : 1;
    numbers.push(value * scale);
  }
  return numbers;
}

/**
 * True when every number in `text` matches a fact: exactly, as a percentage of a fraction, or
 * within the rounding of its shown precision (1.1M matches 1,120,000; 6% matches 0.062).
 * @example isSummaryFaithful('Median $1.12M, up 6.2%', [1_120_000, 0.062]) // true
 */
export function isSummaryFaithful(text: string, facts: readonly number[]): boolean {
  const candidates = facts.flatMap((fact) => [fact, fact * 100, Math.abs(fact), Math.abs(fact * 100)]);
  return extractNumbers(text).every((number) => candidates.some((candidate) => {
    if (candidate === number) return true;
    // The precision the number was written with: 6.2 -> 0.05, 1120000 -> 0.5, 1.12M -> 5,000.
    const magnitude = Math.max(Math.abs(candidate), 1e-9);
    return Math.abs(candidate - number) <= Math.max(0.051, magnitude * 0.006);
  }));
}
