import { z } from 'zod';

/** The sentiment's word: from the score /10, never against the price trend (neutral between), 'uncertain' with an uncertain trend. */
export const marketSentimentTrendSchema = z.enum(['bullish', 'neutral', 'bearish', 'uncertain']);
export type MarketSentimentTrend = z.infer<typeof marketSentimentTrendSchema>;
