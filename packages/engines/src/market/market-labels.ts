/**
 * The market's words: price trend, market heat, supply and demand, and the sentiment's trend, each
 * computed from the very figures the market analysis shows beside it (the quality-adjusted growth
 * and its 80% interval, the auction clearance, the sentiment score), through the one threshold table
 * below. Documented, with the reasons for each threshold, in docs/methodology/market.md ("Labels").
 *
 * Why one module: the labels used to be read off different rules (a trend "stable" whenever the
 * interval touched zero, so a -35% year read stable; heat from clearance alone, so a -15% year read
 * hot; a sentiment word from the score alone, so "bullish" could sit beside "falling").
 */
import type { MarketBalance, MarketHeat, MarketSentimentTrend, PriceTrend } from '@propguard/schemas';

/** Thresholds of the market analysis (docs/methodology/market.md). Growth and clearance are fractions. */
export const MARKET_THRESHOLDS = {
  /**
   * Price trend: growth at or beyond +-2% a year is a rise or a fall, within it stable; 'uncertain'
   * when the 80% interval reaches beyond both -2% and +2% (it admits a rise and a fall alike).
   */
  trendGrowth: 0.02,
  /** Heat from clearance: >= 70% hot, >= 60% warm, >= 50% cool, else cold. */
  heatClearance: { hot: 0.7, warm: 0.6, cool: 0.5 },
  /** Heat from growth: >= 10% hot, >= 3% warm, >= -3% cool, else cold. */
  heatGrowth: { hot: 0.1, warm: 0.03, cool: -0.03 },
  /** Supply and demand from clearance: >= 70% demand exceeds supply, < 60% supply exceeds demand. */
  demandClearance: { demand: 0.7, supply: 0.6 },
  /** ... or from growth: >= 5% demand exceeds supply, <= -2% supply exceeds demand. */
  demandGrowth: { demand: 0.05, supply: -0.02 },
  /**
   * Sentiment word from the score /10: >= 6 bullish, <= 4 bearish, between neutral. With growth as
   * the only component, 6 and 4 are growth of +2% and -2% (5 + 5 x 0.02 / 0.10): the neutral band is
   * the stable band of the price trend.
   */
  sentimentScore: { bullish: 6, bearish: 4 },
  /** An 80% growth interval wider than 20 points is flagged as imprecise even where its direction holds. */
  impreciseInterval: 0.2,
  /** Fewer priced sales than this in 12 months are flagged as a small sample. */
  smallSample: 30,
  /** The index covers at most this many months before the as-at month. */
  indexMonths: 60,
} as const;

/** The year's quality-adjusted growth and its 80% interval (fractions: -0.354 = -35.4%). */
export interface GrowthEstimate {
  growth: number;
  low: number;
  high: number;
}

/** A label and the sentence saying which figures it comes from and by which rule. */
export interface Labelled<T> {
  label: T;
  basis: string;
}

/** -0.354 -> "-35.4%"; signed: 0.052 -> "+5.2%". */
export function formatFractionPct(value: number, signed = false): string {
  return `${signed && value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
}

/** A threshold as written in the table: 0.02 -> "2%", 0.035 -> "3.5%". */
export function formatThresholdPct(value: number): string {
  return `${Math.round(value * 1000) / 10}%`;
}

const T = MARKET_THRESHOLDS;
const signedPct = (value: number) => formatFractionPct(value, true);
const interval = (growth: GrowthEstimate) => `80% interval ${signedPct(growth.low)} to ${signedPct(growth.high)}`;

/**
 * The price trend of the figure shown as "price growth (year on year)".
 * - no growth figure: uncertain;
 * - the 80% interval reaches -2% or below and +2% or above: uncertain (a rise and a fall are both supported);
 * - else from the growth itself: >= +2% rising, <= -2% falling, between stable.
 * So a large fall is never stable: it is falling, or uncertain when the interval also admits a rise.
 * @example classifyPriceTrend({ growth: -0.35, low: -0.45, high: -0.24 }).label // 'falling'
 * @example classifyPriceTrend({ growth: -0.354, low: -0.684, high: 0.319 }).label // 'uncertain'
 */
export function classifyPriceTrend(growth: GrowthEstimate | null): Labelled<PriceTrend> {
  if (growth === null) return { label: 'uncertain', basis: 'Growth cannot be measured here, so no trend is read' };
  const threshold = formatThresholdPct(T.trendGrowth);
  const figure = `Quality-adjusted growth ${signedPct(growth.growth)} (${interval(growth)})`;
  if (growth.low <= -T.trendGrowth && growth.high >= T.trendGrowth) {
    return { label: 'uncertain', basis: `${figure}: the interval admits both a rise and a fall of more than ${threshold}` };
  }
  if (growth.growth >= T.trendGrowth) return { label: 'rising', basis: `${figure}: ${threshold} or more, and the interval rules out a fall of more than ${threshold}` };
  if (growth.growth <= -T.trendGrowth) return { label: 'falling', basis: `${figure}: a fall of ${threshold} or more, and the interval rules out a rise of more than ${threshold}` };
  return { label: 'stable', basis: `${figure}: within ${threshold} either way, and the interval rules out a move of more than ${threshold} one way` };
}

type HeatBand = Exclude<MarketHeat, 'uncertain'>;
const HEAT_ORDER: readonly HeatBand[] = ['cold', 'cool', 'warm', 'hot'];

function band(value: number, bands: { hot: number; warm: number; cool: number }): HeatBand {
  return value >= bands.hot ? 'hot' : value >= bands.warm ? 'warm' : value >= bands.cool ? 'cool' : 'cold';
}

/**
 * Market heat from the auction clearance and the growth shown beside it: a market is only as hot as
 * both say.
 * - clearance and growth: each read by its bands; two or more bands apart (hot clearance beside a
 *   fall of more than 3%) is uncertain, else the cooler of the two;
 * - clearance only (no growth figure): its band;
 * - growth only (no auction results): its band, unless the price trend is uncertain;
 * - neither: uncertain.
 * Hot therefore needs growth of +3% or more wherever growth is measured.
 * @example classifyMarketHeat({ clearance: 0.72, growth: { growth: -0.147, low: -0.372, high: 0.158 } }).label // 'uncertain'
 */
export function classifyMarketHeat(input: { clearance: number | null; growth: GrowthEstimate | null }): Labelled<MarketHeat> {
  const { clearance, growth } = input;
  const byClearance = clearance === null ? null : { band: band(clearance, T.heatClearance), text: `${formatFractionPct(clearance)} auction clearance` };
  const byGrowth = growth === null ? null : { band: band(growth.growth, T.heatGrowth), text: `growth of ${signedPct(growth.growth)}` };
  if (byClearance && byGrowth) {
    const [clearanceRank, growthRank] = [HEAT_ORDER.indexOf(byClearance.band), HEAT_ORDER.indexOf(byGrowth.band)];
    const readings = `${byClearance.text} reads ${byClearance.band}, ${byGrowth.text} reads ${byGrowth.band}`;
    if (Math.abs(clearanceRank - growthRank) >= 2) return { label: 'uncertain', basis: `The figures disagree: ${readings}` };
    if (clearanceRank === growthRank) return { label: byClearance.band, basis: capitalise(`${byClearance.text} and ${byGrowth.text} both read ${byClearance.band}`) };
    return { label: clearanceRank < growthRank ? byClearance.band : byGrowth.band, basis: `The cooler of the two: ${readings}` };
  }
  if (byClearance) return { label: byClearance.band, basis: capitalise(`${byClearance.text} reads ${byClearance.band} (no growth figure)`) };
  if (byGrowth && growth) {
    if (classifyPriceTrend(growth).label === 'uncertain') return { label: 'uncertain', basis: `No auction results, and ${byGrowth.text} has an ${interval(growth)}, too wide to read` };
    return { label: byGrowth.band, basis: capitalise(`${byGrowth.text} reads ${byGrowth.band} (no auction results recorded)`) };
  }
  return { label: 'uncertain', basis: 'No auction results and no growth figure' };
}


/**
 * Supply and demand: who the market favours and the sentence saying from which figures (clearance
 * bands, else growth bands when the growth can be read), one rule for the market page and the
 * original client's `market_balance`.
 */
export function classifySupplyDemand(input: { clearance: number | null; growth: GrowthEstimate | null }): { balance: MarketBalance | null; basis: string } {
  const { clearance, growth } = input;
  const growthReadable = growth !== null && classifyPriceTrend(growth).label !== 'uncertain';
  const byGrowth: MarketBalance | null = growth === null ? null : growth.growth >= T.demandGrowth.demand ? 'seller' : growth.growth <= T.demandGrowth.supply ? 'buyer' : 'balanced';
  if (clearance !== null) {
    const byClearance: MarketBalance = clearance >= T.demandClearance.demand ? 'seller' : clearance >= T.demandClearance.supply ? 'balanced' : 'buyer';
    const cleared = `${formatFractionPct(clearance)} of auctions cleared`;
    if (growth !== null && byGrowth !== null && byGrowth !== 'balanced' && byClearance !== 'balanced' && byGrowth !== byClearance) {
      return { balance: null, basis: `Mixed: ${cleared} (a ${byClearance === 'seller' ? "seller's" : "buyer's"} market), but quality-adjusted prices moved ${signedPct(growth.growth)} over the year` };
    }
    const basis = byClearance === 'seller' ? `Demand exceeds supply: ${cleared} (seller's market)` : byClearance === 'balanced' ? `Balanced: ${cleared}` : `Supply exceeds demand: only ${cleared} (buyer's market)`;
    return { balance: byClearance, basis };
  }
  if (growth === null) return { balance: null, basis: 'Not measured: no auction results and no growth figure' };
  if (!growthReadable) return { balance: null, basis: `Not measured: no auction results, and growth of ${signedPct(growth.growth)} has an ${interval(growth)}, too wide to read` };
  const read = `read from growth of ${signedPct(growth.growth)} (no auction results recorded)`;
  const basis = byGrowth === 'seller' ? `Demand exceeds supply, ${read}` : byGrowth === 'buyer' ? `Supply exceeds demand, ${read}` : `Balanced, ${read}`;
  return { balance: byGrowth, basis };
}

/**
 * The supply and demand sentence: from clearance where known, from growth where not (unless the
 * price trend is uncertain); where clearance and growth point opposite ways, it says so.
 */
export function describeSupplyDemand(input: { clearance: number | null; growth: GrowthEstimate | null }): string {
  return classifySupplyDemand(input).basis;
}

/**
 * The sentiment's word, from the score /10 shown beside it, never against the price trend:
 * - price trend uncertain: uncertain (the growth the score leans on most cannot be read);
 * - score >= 6 bullish, <= 4 bearish, between neutral;
 * - a falling trend is never bullish and a rising one never bearish: such mixed signals read neutral.
 * @example classifySentimentTrend(6.1, 'falling').label // 'neutral'
 */
export function classifySentimentTrend(score: number, priceTrend: PriceTrend): Labelled<MarketSentimentTrend> {
  const bands = T.sentimentScore;
  const scoreText = `Score ${score}/10`;
  if (priceTrend === 'uncertain') return { label: 'uncertain', basis: `${scoreText}, but the price trend is uncertain` };
  const byScore: MarketSentimentTrend = score >= bands.bullish ? 'bullish' : score <= bands.bearish ? 'bearish' : 'neutral';
  const rule = `${bands.bullish} or more bullish, ${bands.bearish} or less bearish`;
  if (byScore === 'bullish' && priceTrend === 'falling') return { label: 'neutral', basis: `${scoreText} reads bullish, but prices are falling: mixed signals` };
  if (byScore === 'bearish' && priceTrend === 'rising') return { label: 'neutral', basis: `${scoreText} reads bearish, but prices are rising: mixed signals` };
  return { label: byScore, basis: `${scoreText} (${rule}), price trend ${priceTrend}` };
}

/** The label as a word for sentences: 'uncertain' -> 'Uncertain'. */
export function capitalise(word: string): string {
  return word.length === 0 ? word : `${word[0]!.toUpperCase()}${word.slice(1)}`;
}
