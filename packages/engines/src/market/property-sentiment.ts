/**
 * Sentiment of a property description: wink-sentiment (AFINN-165 with negation handling, emojis
 * and emoticons; winkjs.org) for general words, plus a property lexicon for the phrases that
 * matter to a buyer or lender and that AFINN scores wrongly or not at all ("needs work",
 * "flood-affected", "north-facing"). Lexicon phrases are matched first and removed from the text
 * the general model reads, so a phrase is never counted twice.
 */
import winkSentiment from 'wink-sentiment';
import type { PropertySentiment } from '@propguard/schemas';

/** Property lexicon: phrase -> weight on AFINN's -5..+5 scale, and whether it is a risk phrase. */
export const PROPERTY_LEXICON: ReadonlyArray<{ phrase: string; weight: number; isRisk?: boolean }> = [
  { phrase: 'fully renovated', weight: 3 },
  { phrase: 'renovated', weight: 2 },
  { phrase: 'newly built', weight: 3 },
  { phrase: 'brand new', weight: 3 },
  { phrase: 'north facing', weight: 2 },
  { phrase: 'north-facing', weight: 2 },
  { phrase: 'light filled', weight: 2 },
  { phrase: 'light-filled', weight: 2 },
  { phrase: 'water views', weight: 3 },
  { phrase: 'city views', weight: 2 },
  { phrase: 'close to transport', weight: 2 },
  { phrase: 'walk to station', weight: 2 },
  { phrase: 'school zone', weight: 2 },
  { phrase: 'low maintenance', weight: 1 },
  { phrase: 'solar panels', weight: 1 },
  { phrase: 'double glazing', weight: 1 },
  { phrase: 'updated', weight: 1 },
  { phrase: 'spacious', weight: 1 },
  { phrase: 'quiet street', weight: 2 },
  { phrase: 'original condition', weight: -1 },
  { phrase: 'needs work', weight: -3 },
  { phrase: 'needs tlc', weight: -2 },
  { phrase: 'renovator\'s delight', weight: -2 },
  { phrase: 'renovators delight', weight: -2 },
  { phrase: 'fixer upper', weight: -2 },
  { phrase: 'fixer-upper', weight: -2 },
  { phrase: 'deceased estate', weight: -1 },
  { phrase: 'mortgagee sale', weight: -2 },
  { phrase: 'busy road', weight: -2 },
  { phrase: 'main road', weight: -2 },
  { phrase: 'under flight path', weight: -2 },
  { phrase: 'flood-affected', weight: -4, isRisk: true },
  { phrase: 'flood affected', weight: -4, isRisk: true },
  { phrase: 'flood prone', weight: -4, isRisk: true },
  { phrase: 'flood-prone', weight: -4, isRisk: true },
  { phrase: 'bushfire prone', weight: -3, isRisk: true },
  { phrase: 'bushfire-prone', weight: -3, isRisk: true },
  { phrase: 'subsidence', weight: -4, isRisk: true },
  { phrase: 'structural issues', weight: -4, isRisk: true },
  { phrase: 'cracking', weight: -3, isRisk: true },
  { phrase: 'rising damp', weight: -3, isRisk: true },
  { phrase: 'mould', weight: -3, isRisk: true },
  { phrase: 'asbestos', weight: -4, isRisk: true },
  { phrase: 'termite damage', weight: -4, isRisk: true },
  { phrase: 'contaminated', weight: -4, isRisk: true },
  { phrase: 'heritage overlay', weight: -1 },
];

const NEGATORS = new Set(['no', 'not', 'never', 'without', 'free of', 'non']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Longest phrases first, so "fully renovated" wins over "renovated".
const LEXICON_PATTERNS = [...PROPERTY_LEXICON]
  .sort((a, b) => b.phrase.length - a.phrase.length)
  .map((entry) => ({ ...entry, pattern: new RegExp(`(^|[^a-z'-])(${escapeRegExp(entry.phrase)})(?=$|[^a-z'-])`, 'g') }));

/**
 * Scores a description: score in -1..1 (the mean weight of the phrases found, /5, shrunk towards 0
 * when few phrases were found), a label, a risk level from the risk phrases, and the drivers.
 * @example analysePropertySentiment('Fully renovated, north-facing, but flood-affected').risk_level // 'high'
 */
export function analysePropertySentiment(description: string): PropertySentiment {
  let text = ` ${description.toLowerCase().replace(/\s+/g, ' ')} `;
  const drivers: PropertySentiment['drivers'] = [];
  let riskPoints = 0;
  for (const entry of LEXICON_PATTERNS) {
    text = text.replace(entry.pattern, (match: string, lead: string, phrase: string, offset: number) => {
      const before = text.slice(Math.max(0, offset - 14), offset + lead.length).trim().split(/[^a-z]+/).filter(Boolean);
      const lastTwo = before.slice(-2).join(' ');
      const negated = before.slice(-2).some((word) => NEGATORS.has(word)) || NEGATORS.has(lastTwo);
      const weight = negated ? (entry.weight < 0 ? 1 : -entry.weight) : entry.weight;
      drivers.push({ phrase, weight, source: 'property-lexicon', negated });
      if (entry.isRisk && !negated) riskPoints += -entry.weight;
      return `${lead}${' '.repeat(phrase.length)}`;
    });
  }
  const general = winkSentiment(text);
  for (const token of general.tokenizedPhrase) {
    // wink-sentiment looks words up in a plain object, so "constructor" or "toString" come back
    // with a function as their score: only finite numbers are scores.
    const weight: unknown = token.score;
    if (typeof weight === 'number' && Number.isFinite(weight) && weight !== 0) drivers.push({ phrase: token.value, weight, source: 'afinn-165', negated: token.negation === true });
  }
  const total = drivers.reduce((sum, driver) => sum + driver.weight, 0);
  const count = drivers.length;
  // Mean weight /5, shrunk by count/(count+2) so one word does not make a verdict.
  const score = count === 0 ? 0 : Math.max(-1, Math.min(1, (total / count / 5) * (count / (count + 2))));
  const rounded = Math.round(score * 1000) / 1000;
  const sentiment = rounded > 0.1 ? 'positive' : rounded < -0.1 ? 'negative' : 'neutral';
  const riskLevel = riskPoints >= 4 ? 'high' : riskPoints > 0 || rounded < -0.3 ? 'medium' : 'low';
  drivers.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  return {
    sentiment,
    score: rounded,
    risk_level: riskLevel,
    confidence: Math.round(Math.min(0.95, 0.3 + 0.1 * count) * 100) / 100,
    drivers,
    method: 'wink-sentiment 5 (AFINN-165, negation) + PropGuard property lexicon (docs/methodology/market.md)',
  };
}
