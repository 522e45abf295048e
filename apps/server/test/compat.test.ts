import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compatEnhancedAnalysisResponseSchema,
  compatMarketIntelligenceResponseSchema,
  comprehensiveAnalysisResponseSchema,
  errorResponseSchema,
  fireRiskResponseSchema,
  marketSentimentResponseSchema,
  processCommandResponseSchema,
  reportResponseSchema,
  riskExplanationResponseSchema,
  valuationResultSchema,
} from '@propguard/schemas';
import { buildApp } from '../src/app.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/**
 * Every call of ../shared/COMPAT.md with the original client's exact bodies and headers: the
 * fields it reads are there, in its units, and carry the same figures as our own API.
 */
const ADDRESS = '85 Turner St, Abbotsford VIC 3067';
const CLIENT_HEADERS = {
  origin: 'http://localhost:8080',
  apikey: 'public-anon-key',
  authorization: 'Bearer public-anon-token',
  'x-client-info': 'supabase-js/2',
  'content-type': 'application/json',
};

describe.skipIf(getApiSkipReason() !== null)('the original client\'s calls (COMPAT.md)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await testApp.app.inject({ method, url, headers: CLIENT_HEADERS, ...(payload ? { payload } : {}) });
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    return response;
  }

  async function ourValuation(address: string) {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/valuations', payload: { address } });
    expect(response.statusCode, response.body).toBe(200);
    return valuationResultSchema.parse(response.json().valuation);
  }

  it('answers every preflight with 2xx and the client\'s headers allowed', async () => {
    for (const url of ['/functions/v1/propguard/health', '/functions/v1/enhanced-property-analysis', '/api/propguard/process-command', '/api/llm/market-sentiment', '/api/llm/comprehensive-analysis']) {
      const response = await testApp.app.inject({ method: 'OPTIONS', url, headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-client-info, apikey, content-type' } });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, url).toBeLessThan(300);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) expect(String(response.headers['access-control-allow-headers'])).toContain(header);
    }
  });

  it('keeps CORS off our own screens\' routes', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/valuations', headers: { origin: 'http://evil.example' }, payload: { address: ADDRESS } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('health and the property-analysis probe answer 2xx with JSON', async () => {
    const health = await call('GET', '/functions/v1/propguard/health');
    expect(health.statusCode).toBe(200);
    const probe = await call('POST', '/functions/v1/property-analysis', { healthCheck: true });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toMatchObject({ success: true, healthCheck: true, engines: { valuation: true, hazards: true } });
  });

  it('nasa-fire-risk reads the fire fields, with and without a radius', async () => {
    for (const body of [{ latitude: -37.8, longitude: 145.0, radiusKm: 50 }, { latitude: -33.8688, longitude: 151.2093 }]) {
      const response = await call('POST', '/functions/v1/nasa-fire-risk', body);
      expect(response.statusCode, response.body).toBe(200);
      const { fireRisk } = fireRiskResponseSchema.parse(response.json());
      expect(fireRisk.radiusKm).toBe(50);
      expect(typeof fireRisk.riskScore).toBe('number');
      expect(['Low', 'Medium', 'High']).toContain(fireRisk.riskLevel);
      expect(fireRisk.dataSource).toBe('archive');
    }
  });

  it('domain-au-search: autocomplete suggestions and the details of one', async () => {
    const suggestions = await call('POST', '/functions/v1/domain-au-search', { action: 'autocomplete', query: '85 turner st abb' });
    expect(suggestions.statusCode).toBe(200);
    const first = suggestions.json().suggestions[0];
    expect(first).toMatchObject({ address: expect.stringMatching(/85 Turner St/i), suburb: expect.stringMatching(/abbotsford/i), state: 'VIC', postcode: '3067' });
    for (const key of ['id', 'address', 'type', 'suburb', 'state', 'postcode']) expect(first).toHaveProperty(key);
    const details = await call('POST', '/functions/v1/domain-au-search', { action: 'details', propertyId: first.id });
    expect(details.statusCode).toBe(200);
    const property = details.json().property;
    expect(typeof property.coordinates.lat).toBe('number');
    expect(typeof property.coordinates.lng).toBe('number');
    for (const key of ['propertyType', 'address', 'bedrooms', 'bathrooms', 'landSize', 'carSpaces', 'description', 'features', 'media']) expect(property).toHaveProperty(key);
  });

  it('enhanced-property-analysis: our valuation, in the original units', async () => {
    const response = await call('POST', '/functions/v1/enhanced-property-analysis', { address: ADDRESS, location: 'Abbotsford VIC', analysisType: 'comprehensive', coordinates: { lat: -37.8034, lng: 145.0 } });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis } = compatEnhancedAnalysisResponseSchema.parse(response.json());
    const ours = await ourValuation(ADDRESS);
    expect(analysis.property_analysis.estimated_value).toBe(ours.estimate);
    expect(analysis.property_analysis.valuation_range).toEqual({ min: ours.low, max: ours.high });
    expect(analysis.property_analysis.confidence_score).toBeCloseTo(ours.confidence / 100, 5);
    const risk = analysis.risk_assessment;
    expect(risk.overall_risk_score).toBeGreaterThanOrEqual(0);
    expect(risk.overall_risk_score).toBeLessThanOrEqual(1);
    // The Live analysis maps each hazard's factors: objects, never plain numbers (COMPAT.md "Exact shapes").
    for (const hazard of Object.values(risk.climate_risks)) {
      expect(Array.isArray(hazard.factors)).toBe(true);
      expect(hazard.factors.length).toBeGreaterThan(0);
      if (hazard.score !== null) expect(hazard.score).toBeLessThanOrEqual(1);
    }
    expect(analysis.compliance_analysis.lvr).toBeCloseTo(0.8, 2);
    // Issue 28: the default loan has no borrower, so its NCCP checks did not all run: the status is in
    // words and apra_compliant is null (not checked), never true nor a raw enum.
    expect(analysis.compliance_analysis.compliance_status).toMatch(/^(Not fully checked|Review required)$/);
    expect(analysis.compliance_analysis.apra_compliant).not.toBe(true);
    expect(analysis.market_sentiment.sentiment_score).not.toBeNull();
    // Percentages, as the original (4.2 means 4.2%), from the market engine's fractions.
    const market = (await testApp.app.inject({ method: 'POST', url: '/api/realty/market-analysis', payload: { location: 'Abbotsford VIC 3067', property_type: 'house', analysis_depth: 'basic' } })).json().market_analysis;
    expect(analysis.market_location).toBe(market.matched);
    const investment = market.investment;
    expect(analysis.financial_metrics.cap_rate).toBeCloseTo(investment.cap_rate * 100, 6);
    expect(analysis.financial_metrics.roi_analysis.annual_return).toBeCloseTo(investment.cash_on_cash * 100, 6);
    const projection = analysis.financial_metrics.cash_flow_projection;
    expect(projection).toHaveLength(5);
    expect(projection[0]).toBe(investment.noi - investment.annual_debt_service);
    expect(projection.slice(1)).toEqual([null, null, null, null]);
    expect(analysis.financial_metrics.roi_analysis.total_return_5yr).toBeNull();
    expect(analysis.unavailable.total_return_5yr).toBeTruthy();
    const breakEven = analysis.financial_metrics.roi_analysis.break_even_period;
    if (breakEven === null) expect(analysis.unavailable.break_even_period).toBeTruthy();
    else expect(breakEven).toBeGreaterThan(0);
    expect(typeof analysis.financial_metrics.debt_serviceability.dscr).toBe('number');
  });

  it('enhanced-property-analysis by location only and by listing id', async () => {
    const byLocation = await call('POST', '/functions/v1/enhanced-property-analysis', { location: 'Richmond VIC', propertyType: 'house', analysisType: 'market' });
    expect(byLocation.statusCode, byLocation.body).toBe(200);
    const location = compatEnhancedAnalysisResponseSchema.parse(byLocation.json()).analysis;
    expect(location.property_analysis.estimated_value).toBeNull();
    expect(location.unavailable.property_analysis).toMatch(/no address/i);
    expect(location.market_sentiment.trend).not.toBeNull();
    expect(location.location_note).toBeNull();

    // A whole street address typed as the location is answered for its suburb, and says so.
    const byAddress = await call('POST', '/functions/v1/enhanced-property-analysis', { location: ADDRESS, propertyType: 'house', analysisType: 'market' });
    expect(byAddress.statusCode, byAddress.body).toBe(200);
    const addressed = compatEnhancedAnalysisResponseSchema.parse(byAddress.json()).analysis;
    expect(addressed.location_note).toBe('Answered for Abbotsford VIC, the suburb of the address given');
    expect(addressed.market_location).toMatch(/Abbotsford/);
    expect(addressed.market_sentiment.sentiment_score).not.toBeNull();

    const search = await testApp.app.inject({ method: 'POST', url: '/api/realty/search', payload: { location: 'Abbotsford VIC', limit: 1 } });
    const listingId = search.json().properties[0].listing_id as string;
    const byListing = await call('POST', '/functions/v1/enhanced-property-analysis', { address: listingId, analysisType: 'comprehensive' });
    expect(byListing.statusCode, byListing.body).toBe(200);
    const listing = compatEnhancedAnalysisResponseSchema.parse(byListing.json()).analysis;
    expect(listing.property_analysis.listing_id).toBe(listingId);
    expect(listing.property_analysis.estimated_value).toBeGreaterThan(100_000);
  });

  it('market-intelligence: growth as a percentage, no invented days on market', async () => {
    const response = await call('POST', '/functions/v1/market-intelligence', { location: 'Richmond VIC', propertyType: 'house', analysisDepth: 'comprehensive' });
    expect(response.statusCode, response.body).toBe(200);
    const market = compatMarketIntelligenceResponseSchema.parse(response.json()).market_intelligence!;
    const ours = (await testApp.app.inject({ method: 'POST', url: '/api/realty/market-analysis', payload: { location: 'Richmond VIC', property_type: 'house' } })).json().market_analysis;
    expect(market.market_overview.average_price).toBe(ours.market_metrics.median_price);
    expect(market.market_overview.total_transactions).toBe(ours.market_metrics.sales_volume);
    expect(market.price_trends.yoy_growth).toBeCloseTo(ours.market_metrics.price_growth_yoy * 100, 1);
    expect(market.demand_supply.days_on_market).toBeNull();
    expect(market.unavailable.days_on_market).toBeTruthy();
    expect(market.forecasts.key_drivers.length).toBeGreaterThan(0);
    expect(typeof market.risk_factors.overall_risk_rating).toBe('string');
    // One of the original's three words (a sentence showed as "Balanced" in a seller's market), or null with the reason.
    if (market.demand_supply.market_balance === null) expect(market.unavailable.market_balance).toBe(market.demand_supply.balance_basis);
    else expect(['seller', 'buyer', 'balanced']).toContain(market.demand_supply.market_balance);
    expect(market.price_trends.current_median).toBe(ours.market_metrics.median_price);
    if (market.price_trends.price_momentum !== null) expect(['accelerating', 'decelerating', 'stable']).toContain(market.price_trends.price_momentum);
    expect(market.location_note).toBeNull();
  });

  it('market-intelligence answers a street address for its suburb, saying so, instead of nulls', async () => {
    const response = await call('POST', '/functions/v1/market-intelligence', { location: ADDRESS, propertyType: 'house', analysisDepth: 'comprehensive' });
    expect(response.statusCode, response.body).toBe(200);
    const market = compatMarketIntelligenceResponseSchema.parse(response.json()).market_intelligence;
    expect(market).not.toBeNull();
    expect(market!.location_note).toBe('Answered for Abbotsford VIC, the suburb of the address given');
    const suburb = compatMarketIntelligenceResponseSchema.parse((await call('POST', '/functions/v1/market-intelligence', { location: 'Abbotsford VIC 3067', propertyType: 'house', analysisDepth: 'comprehensive' })).json()).market_intelligence!;
    expect(market!.matched).toBe(suburb.matched);
    expect(market!.market_overview).toEqual(suburb.market_overview);
    expect(market!.price_trends).toEqual(suburb.price_trends);
  });

  it('valuation-report stores a report the client opens at /report/{id}, with the loan asked for', async () => {
    const search = await testApp.app.inject({ method: 'POST', url: '/api/realty/search', payload: { location: 'Abbotsford VIC', limit: 1 } });
    const listingId = search.json().properties[0].listing_id as string;
    const response = await call('POST', '/functions/v1/valuation-report', { listing_id: listingId, include_blockchain: true, loan_amount: 500_000 });
    expect(response.statusCode, response.body).toBe(200);
    const reportId = response.json().report.report_id as string;
    const stored = reportResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/reports/${reportId}` })).json());
    expect(stored.report.content.property_details.listing_id).toBe(listingId);
    expect(JSON.stringify(stored.report.content)).toContain('500,000');
  });

  it('valuation-report takes the address a property page was opened with as its listing_id (it was refused with 400)', async () => {
    const response = await call('POST', '/functions/v1/valuation-report', { listing_id: ADDRESS, include_blockchain: true });
    expect(response.statusCode, response.body).toBe(200);
    const reportId = response.json().report.report_id as string;
    const stored = reportResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/reports/${reportId}` })).json());
    const ours = await ourValuation(ADDRESS);
    expect(stored.report.content.property_details.listing_id).toBeNull();
    expect(stored.report.content.comprehensive_analysis.ai_valuation).toBe(ours.estimate);
  });

  it('process-command values an address exactly as our API does', async () => {
    const response = await call('POST', '/api/propguard/process-command', { command: ADDRESS });
    expect(response.statusCode, response.body).toBe(200);
    const body = processCommandResponseSchema.parse(response.json());
    const ours = await ourValuation(ADDRESS);
    expect(body.command.kind).toBe('value');
    expect(body.current_valuation).toBe(ours.estimate);
    expect(body.valuation_range).toEqual({ min: ours.low, max: ours.high });
    // 0-1, as the original (COMPAT.md "Exact shapes").
    expect(body.confidence).toBeCloseTo(ours.confidence / 100, 5);
    expect(body.analysis_result!.detailed_breakdown.land_value).toBe(ours.breakdown.landAud);
    expect(body.analysis_result!.market_comparables.length).toBeGreaterThan(0);
    for (const hazard of ['flood', 'fire', 'coastal'] as const) expect(Array.isArray(body.analysis_result!.risk.detailed[hazard].factors)).toBe(true);
  });

  it('process-command runs risk, compare, market and LVR commands, and explains itself otherwise', async () => {
    const risk = processCommandResponseSchema.parse((await call('POST', '/api/propguard/process-command', { command: `risk of ${ADDRESS}` })).json());
    expect(risk.command.kind).toBe('risk');
    expect(risk.summary).toMatch(/overall hazard score \d+\/100/);
    const compare = processCommandResponseSchema.parse((await call('POST', '/api/propguard/process-command', { command: 'compare 85 Turner St Abbotsford VIC 3067 and 31 Park St Abbotsford VIC 3067' })).json());
    expect(compare.comparison).toHaveLength(2);
    const market = processCommandResponseSchema.parse((await call('POST', '/api/propguard/process-command', { command: 'market in Richmond VIC' })).json());
    expect(market.market?.matched).toMatch(/RICHMOND/i);
    const lvr = processCommandResponseSchema.parse((await call('POST', '/api/propguard/process-command', { command: `LVR for a $800,000 loan on ${ADDRESS}` })).json());
    const ours = await ourValuation(ADDRESS);
    expect(lvr.lending?.lvr).toBeCloseTo(800_000 / ours.estimate, 3);
    const help = processCommandResponseSchema.parse((await call('POST', '/api/propguard/process-command', { command: 'tell me a joke' })).json());
    expect(help.command.kind).toBe('help');
    expect(help.examples!.length).toBeGreaterThan(2);
  });

  it('the LLM endpoints write from our figures without a model configured', async () => {
    const property = { address: ADDRESS, id: 'x', price: 999 };
    const risk = await call('POST', '/api/llm/risk-assessment', { property_data: { property, analysis: { risk_score: 0.99 }, timestamp: Date.now() } });
    expect(risk.statusCode, risk.body).toBe(200);
    const explanation = riskExplanationResponseSchema.parse(risk.json());
    expect(explanation.text_source).toBe('computed');
    expect(explanation.explanation).toContain(`${explanation.risk_score}/100`);
    const comprehensive = await call('POST', '/api/llm/comprehensive-analysis', { property_data: { property, analysis: {}, marketData: {} } });
    expect(comprehensive.statusCode, comprehensive.body).toBe(200);
    const body = comprehensiveAnalysisResponseSchema.parse(comprehensive.json());
    const ours = await ourValuation(ADDRESS);
    expect(body.analysis_summary).toContain(new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 }).format(ours.estimate));
    expect(body.insights.length).toBeGreaterThan(1);
    for (const insight of body.insights) for (const key of ['type', 'title', 'description', 'impact', 'confidence', 'actionable', 'category']) expect(insight).toHaveProperty(key);
    // 0-100, as the client reads it (0-1 showed as "0.65%").
    expect(body.insights.find((insight) => insight.category === 'valuation')!.confidence).toBe(ours.confidence);
    for (const insight of body.insights) expect(Number.isInteger(insight.confidence)).toBe(true);
  });

  it('market-sentiment takes the client\'s property form and always sends detailed_metrics and a top-level summary', async () => {
    const byLocation = marketSentimentResponseSchema.parse((await call('POST', '/api/llm/market-sentiment', { market_data: { location: 'Richmond VIC' } })).json());
    expect(byLocation.market_sentiment?.detailed_metrics).toBeTypeOf('object');
    expect(byLocation.summary).toBe(byLocation.market_sentiment?.summary);
    const byProperty = await call('POST', '/api/llm/market-sentiment', { market_data: { property: { address: ADDRESS }, analysis: {}, timestamp: Date.now() } });
    expect(byProperty.statusCode, byProperty.body).toBe(200);
    expect(byProperty.json().location).toMatch(/ABBOTSFORD/i);
    const sentiment = await call('POST', '/api/llm/property-sentiment', { description: ADDRESS });
    expect(sentiment.json().sentiment_analysis).toHaveProperty('risk_level');
  });

  it('bad bodies get a 4xx JSON error with CORS, never a 500', async () => {
    for (const [url, payload] of [
      ['/functions/v1/enhanced-property-analysis', {}],
      ['/functions/v1/market-intelligence', { location: '' }],
      ['/functions/v1/valuation-report', { listing_id: 'sale-abc' }],
      ['/functions/v1/valuation-report', {}],
      ['/api/propguard/process-command', { command: '' }],
      ['/api/llm/risk-assessment', { property_data: {} }],
    ] as const) {
      const response = await call('POST', url, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      errorResponseSchema.parse(response.json());
    }
  });

  it('tags every compatibility route in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/functions/v1/propguard/health', '/functions/v1/enhanced-property-analysis', '/functions/v1/market-intelligence', '/functions/v1/valuation-report', '/api/propguard/process-command', '/api/llm/risk-assessment', '/api/llm/comprehensive-analysis']) {
      const operations = Object.values(document.paths[path] ?? {}) as Array<{ tags?: string[] }>;
      expect(operations.length, path).toBeGreaterThan(0);
      expect(operations[0]!.tags).toContain('compatibility');
    }
  });

  it('answers 429 with Retry-After past the anonymous limit, on compatibility routes only', async () => {
    // The same context served with an anonymous limit of 3 a minute.
    const limited = await buildApp({ ...testApp.context, config: { ...testApp.context.config, compatRateLimitPerMinute: 3 } }, { logger: false, ownsContext: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await limited.inject({ method: 'GET', url: '/functions/v1/propguard/health' })).statusCode);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      const refused = await limited.inject({ method: 'GET', url: '/functions/v1/propguard/health' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.headers['content-type']).toBe('application/json');
      for (let i = 0; i < 5; i += 1) expect((await limited.inject({ method: 'GET', url: '/api/data/summary' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
