import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, marketAnalysisResponseSchema, marketSentimentResponseSchema, marketSentimentTrendSchema, propertySentimentResponseSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/** The market API (issue 6) through HTTP on the real database: bad input, no data, happy path. */
describe.skipIf(getApiSkipReason() !== null)('market analysis and sentiment', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload });

  function expectFieldError(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toBe(field);
  }

  it('rejects bad input naming the field', async () => {
    expectFieldError(await post('/api/realty/market-analysis', { location: '  ' }), 'body.location');
    expectFieldError(await post('/api/realty/market-analysis', { location: 'Richmond VIC', property_type: 'castle' }), 'body.property_type');
    expectFieldError(await post('/api/realty/market-analysis', { location: 'Richmond VIC', loan: { lvr: 1.5 } }), 'body.loan.lvr');
    expectFieldError(await post('/api/llm/property-sentiment', { description: '' }), 'body.description');
    expectFieldError(await post('/api/llm/market-sentiment', {}), 'body.location');
  });

  it('analyses a Melbourne suburb from its sales, with clearance, yields and the index against the city', async () => {
    const response = await post('/api/realty/market-analysis', { location: 'Reservoir VIC', property_type: 'house', analysis_depth: 'comprehensive' });
    expect(response.statusCode, response.body).toBe(200);
    const analysis = marketAnalysisResponseSchema.parse(response.json()).market_analysis!;
    expect(analysis.market_metrics.median_price).toBeGreaterThan(300_000);
    expect(analysis.market_metrics.auction_clearance_rate).toBeGreaterThan(0);
    expect(analysis.market_metrics.days_on_market).toBeNull();
    expect(analysis.unavailable.days_on_market).toMatch(/Not available/);
    expect(analysis.investment?.gross_yield).toBeGreaterThan(0);
    expect(analysis.index_series.some((point) => point.city_index !== null)).toBe(true);
    expect(analysis.recent_sales.length).toBeGreaterThan(0);
    // The median is the plain median of the priced house sales of the 12 months to the as-at date.
    const [row] = await testApp.context.database.query<{ median: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price_aud) AS median FROM sales
        WHERE upper(suburb) = 'RESERVOIR' AND state = 'VIC' AND property_type = 'house' AND is_market_sale AND price_aud IS NOT NULL
          AND sale_date > ($1::date - interval '12 months') AND sale_date <= $1::date`, [analysis.as_at]);
    expect(analysis.market_metrics.median_price).toBe(Math.round(Number(row!.median)));
  });

  it('answers with no analysis and a reason where there are no sales', async () => {
    const response = await post('/api/realty/market-analysis', { location: 'Nowhereville NT', property_type: 'villa' });
    expect(response.statusCode).toBe(200);
    const body = marketAnalysisResponseSchema.parse(response.json());
    expect(body.market_analysis).toBeNull();
    expect(body.reason).toMatch(/No priced sales/);
  });

  it('computes the market sentiment from the engine, without a model configured', async () => {
    const response = await post('/api/llm/market-sentiment', { market_data: 'Reservoir VIC' });
    expect(response.statusCode, response.body).toBe(200);
    const sentiment = marketSentimentResponseSchema.parse(response.json()).market_sentiment!;
    expect(sentiment.sentiment_score).toBeGreaterThanOrEqual(0);
    expect(sentiment.sentiment_score).toBeLessThanOrEqual(10);
    expect(marketSentimentTrendSchema.options).toContain(sentiment.trend);
    expect(sentiment.trend_basis).toContain(`Score ${sentiment.sentiment_score}/10`);
    expect(sentiment.summary_source).toBe('computed');
    expect(sentiment.detailed_metrics.cap_rate).not.toBeNull();
  });

  it('scores a property description and lists its drivers', async () => {
    const response = await post('/api/llm/property-sentiment', { description: 'Renovated, north-facing, but flood-affected and needs work.' });
    expect(response.statusCode).toBe(200);
    const { sentiment_analysis: analysis } = propertySentimentResponseSchema.parse(response.json());
    expect(analysis.risk_level).toBe('high');
    expect(analysis.drivers.map((driver) => driver.phrase)).toEqual(expect.arrayContaining(['flood-affected', 'needs work', 'north-facing']));
  });

  it('fills a property page listing with its suburb market sentiment', async () => {
    const [row] = await testApp.context.database.query<{ id: number }>(`SELECT id FROM sales WHERE upper(suburb) = 'RESERVOIR' AND property_type = 'house' AND is_market_sale ORDER BY sale_date DESC LIMIT 1`);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/realty/property/sale-${row!.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = (response.json() as { property_details: { propguard_market_sentiment?: { trend: string; indicators: { days_on_market: number | null } }; unavailable: Record<string, string> } }).property_details;
    expect(marketSentimentTrendSchema.options).toContain(body.propguard_market_sentiment?.trend);
    expect(body.propguard_market_sentiment?.indicators.days_on_market).toBeNull();
    expect(body.unavailable.propguard_market_sentiment).toBeUndefined();
  });

  it('labels trend, heat and sentiment from the figures shown beside them (issue 28: Parramatta -35% read "Stable", Abbotsford -15% read "Hot")', async () => {
    for (const location of ['Parramatta NSW', 'Abbotsford VIC', 'Reservoir VIC']) {
      const analysis = marketAnalysisResponseSchema.parse((await post('/api/realty/market-analysis', { location, property_type: 'house' })).json()).market_analysis!;
      const growth = analysis.market_metrics.price_growth_yoy;
      const interval = analysis.market_metrics.price_growth_interval;
      const { price_trend: trend, market_heat: heat } = analysis.trend_analysis;
      // docs/methodology/market.md, "Labels": uncertain when the interval admits a rise and a fall beyond 2%.
      const admitsBoth = interval !== null && interval.low <= -0.02 && interval.high >= 0.02;
      expect(trend, location).toBe(growth === null || admitsBoth ? 'uncertain' : growth >= 0.02 ? 'rising' : growth <= -0.02 ? 'falling' : 'stable');
      if (growth !== null) expect(analysis.trend_analysis.price_trend_basis, location).toContain(`${(growth * 100).toFixed(1)}%`);
      if (growth !== null && growth < 0.03) expect(heat, location).not.toBe('hot');
      if (trend === 'falling') expect(analysis.sentiment.trend, location).not.toBe('bullish');
      if (trend === 'rising') expect(analysis.sentiment.trend, location).not.toBe('bearish');
      if (trend === 'uncertain') expect(analysis.sentiment.trend, location).toBe('uncertain');
      if (trend !== 'stable') expect(analysis.ai_insights.recommendations.join(' '), location).not.toContain('Prices are steady');
    }
  });

  it('discloses an ambiguous suburb name: the state with the most sales, why, and the alternatives', async () => {
    const counts = await testApp.context.database.query<{ state: string; sales: number }>(`SELECT state, count(*)::int AS sales FROM sales WHERE upper(suburb) = 'RICHMOND' AND state IS NOT NULL GROUP BY state ORDER BY sales DESC`);
    expect(counts.length).toBeGreaterThan(1);
    const response = marketAnalysisResponseSchema.parse((await post('/api/realty/market-analysis', { location: 'Richmond' })).json());
    expect(response.place_choice?.state).toBe(counts[0]!.state);
    expect(response.place_choice?.reason).toContain('has the most sales');
    expect(response.place_choice?.alternatives.map((alternative) => alternative.state).sort()).toEqual(counts.slice(1).map((row) => row.state).sort());
    expect(response.market_analysis?.matched).toContain(`(${counts[0]!.state})`);
    // With its state, the name is not ambiguous.
    const vic = marketAnalysisResponseSchema.parse((await post('/api/realty/market-analysis', { location: 'Richmond VIC' })).json());
    expect(vic.place_choice).toBeNull();
    expect(vic.market_analysis?.matched).toContain('(VIC)');
  });
});
