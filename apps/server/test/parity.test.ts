// Issue 28.7: one answer per property, whatever the door. For 36 properties of the three cities
// (search cards of each city's three busiest suburbs) and two listings a user found contradicting
// themselves, every door gives the same estimate, range, confidence, as-at date, state and hazard
// scores, field by field: the search card, the property page, POST /api/valuations by listing id
// and by address, the report (its answer and its stored JSON), the minting workspace's view of its certificate, the
// original client's routes, `propguard value --csv` and a portfolio's loans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as dagJson from '@ipld/dag-json';
import {
  explorerTokenSchema,
  listingSchema,
  mintCertificateResponseSchema,
  portfolioCreatedResponseSchema,
  portfolioResultsPageSchema,
  propertyDetailsResponseSchema,
  reportResponseSchema,
  searchResponseSchema,
  storedReportSchema,
  toCsv,
  valuationResultSchema,
  type CsvCell,
  type Listing,
  type StoredReport,
  type ValuationResult,
} from '@propguard/schemas';
import { loadCsvLookups, parseCsv, valueCsvText } from '../../cli/src/commands/value-csv.ts';
import { requireValuationRuntime } from '../src/services/valuation/require-valuation.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/** The figures every door must agree on. */
interface Figures {
  estimate: number;
  low: number;
  high: number;
  confidence: number;
  asAt?: string;
  state?: string | null;
}

interface Subject {
  listingId: string;
  card: Listing;
  /** The street address as a user types it, when the record has one. */
  typed: string | null;
  valuation: ValuationResult;
}

const HAZARDS = ['flood', 'fire', 'coastal'] as const;

describe.skipIf(getApiSkipReason() !== null)('one answer per property, whatever the door (issue 28)', () => {
  let testApp: TestApp;
  const subjects: Subject[] = [];
  const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await testApp.app.inject({ method, url, payload: payload as object });
    expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body.slice(0, 400)}`).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const figuresOf = (valuation: ValuationResult): Figures => ({
    estimate: valuation.estimate,
    low: valuation.low,
    high: valuation.high,
    confidence: valuation.confidence,
    asAt: valuation.asAt,
    state: valuation.property.state,
  });

  beforeAll(async () => {
    testApp = await createTestApp({ PORTFOLIO_THREADS: '0' });
    const database = testApp.context.database;
    // Each city's three busiest suburbs; four search cards of each (the newest sales).
    for (const source of ['melbourne-housing-sales', 'perth-house-sales', 'sydney-house-sales']) {
      const suburbs = await database.query<{ suburb: string; state: string; postcode: string }>(
        `SELECT suburb, state, postcode FROM sales WHERE source = $1 AND lat IS NOT NULL GROUP BY suburb, state, postcode ORDER BY count(*) DESC, suburb LIMIT 3`,
        [source],
      );
      expect(suburbs, source).toHaveLength(3);
      for (const place of suburbs) {
        const search = searchResponseSchema.parse(await inject('POST', '/api/realty/search', { location: `${place.suburb} ${place.state} ${place.postcode}`, property_type: 'sold', limit: 4 }));
        expect(search.properties.length, `${place.suburb}`).toBe(4);
        for (const card of search.properties) subjects.push({ listingId: card.listing_id, card, typed: null, valuation: undefined as unknown as ValuationResult });
      }
    }
    // The two listings issue 28 found answering differently by door (their state was lost): 31 Park St
    // (17 February 2018) and 85 Turner St (3 December 2016), Abbotsford VIC, by their listing ids here.
    const issue28 = await database.query<{ id: number }>(
      `SELECT id FROM sales WHERE source = 'melbourne-housing-sales' AND suburb = 'Abbotsford'
         AND ((address = '31 Park St' AND sale_date = '2018-02-17') OR (address = '85 Turner St' AND sale_date = '2016-12-03')) ORDER BY sale_date DESC`,
    );
    expect(issue28).toHaveLength(2);
    for (const listingId of issue28.map((row) => `sale-${row.id}`)) {
      const details = propertyDetailsResponseSchema.parse(await inject('GET', `/api/realty/property/${listingId}`));
      subjects.push({ listingId, card: listingSchema.parse(details.property_details), typed: null, valuation: undefined as unknown as ValuationResult });
    }
    for (const subject of subjects) {
      subject.valuation = valuationResultSchema.parse((await inject('POST', '/api/valuations', { listingId: subject.listingId })).valuation);
      const { property } = subject.valuation;
      if (property.address) subject.typed = `${property.address}, ${property.suburb} ${property.state} ${property.postcode}`;
    }
  }, 600_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('covers at least 30 properties of the three cities, each valued in its own state', () => {
    expect(subjects.length).toBeGreaterThanOrEqual(30);
    expect(new Set(subjects.map((subject) => subject.valuation.property.state))).toEqual(new Set(['VIC', 'WA', 'NSW']));
    for (const subject of subjects) {
      expect(subject.valuation.property.state, subject.listingId).toMatch(/^(VIC|WA|NSW)$/);
      expect(subject.valuation.market.name, subject.listingId).not.toBe('all markets');
      expect(subject.valuation.assumed.join(' '), subject.listingId).not.toMatch(/no \w+ sales are in our data/);
    }
    expect(subjects.filter((subject) => subject.typed !== null).length).toBeGreaterThanOrEqual(20);
  });

  it('the search card and the property page show the valuation of POST /api/valuations', async () => {
    for (const subject of subjects) {
      const expected = figuresOf(subject.valuation);
      const details = propertyDetailsResponseSchema.parse(await inject('GET', `/api/realty/property/${subject.listingId}`));
      for (const [door, listing] of [['card', subject.card], ["property page", details.property_details]] as const) {
        const shown = listing.propguard_valuation;
        expect(shown, `${subject.listingId} ${door}: ${JSON.stringify(listing.unavailable)}`).toBeDefined();
        expect({ estimate: shown!.ai_valuation, low: shown!.valuation_range.min, high: shown!.valuation_range.max, confidence: Math.round(shown!.confidence_score * 100), asAt: shown!.as_at, state: expected.state }, `${subject.listingId} ${door}`).toEqual(expected);
      }
    }
  });

  it('a typed street address and the picked suggestion give the listing\'s valuation', async () => {
    for (const subject of subjects.filter((item) => item.typed !== null)) {
      const byAddress = valuationResultSchema.parse((await inject('POST', '/api/valuations', { address: subject.typed })).valuation);
      expect(figuresOf(byAddress), `${subject.listingId} typed as "${subject.typed}"`).toEqual(figuresOf(subject.valuation));
      expect(byAddress.subject.suggestionId, subject.typed!).toMatch(/^address-\d+$/);
      const bySuggestion = valuationResultSchema.parse((await inject('POST', '/api/valuations', { suggestionId: byAddress.subject.suggestionId })).valuation);
      expect(figuresOf(bySuggestion), `${subject.listingId} by ${byAddress.subject.suggestionId}`).toEqual(figuresOf(subject.valuation));
    }
  });

  let reports: StoredReport[] = [];
  it('the report (as answered and as stored) shows the screen\'s estimate, range, confidence, date, state, hazard scores and loan', async () => {
    reports = [];
    for (const subject of subjects) {
      // The dashboard's request: the valuation's own subject, with the figures on screen.
      const { valuation } = subject;
      const body = { subject: valuation.subject, expected: { estimate: valuation.estimate, as_at: valuation.asAt, model_id: valuation.model.id } };
      const report = reportResponseSchema.parse(await inject('POST', '/api/realty/valuation-report', body)).report;
      const stored = storedReportSchema.parse((await inject('GET', `/api/reports/${report.report_id}`)).report);
      expect(stored.content, subject.listingId).toEqual(report.content);
      const analysis = report.content.comprehensive_analysis;
      const shown = { estimate: analysis.ai_valuation, low: analysis.conservative_value, high: analysis.optimistic_value, confidence: analysis.confidence_level, asAt: analysis.as_at, state: report.content.property_details.state };
      expect(shown, `${subject.listingId} report`).toEqual(figuresOf(valuation));
      expect(analysis.model_id).toBe(valuation.model.id);
      expect(report.content.property_details.subject, subject.listingId).toEqual(valuation.subject);
      // Hazard scores: the card's fractions are the report's scores out of 100.
      const risks = subject.card.propguard_risk!;
      for (const hazard of HAZARDS) {
        const line = report.content.risk_assessment.hazards.find((item) => item.hazard === hazard)!;
        expect(line.score === null ? null : line.score / 100, `${subject.listingId} ${hazard}`).toBe(risks.climate_risks[hazard]);
      }
      expect(report.content.risk_assessment.overall_score / 100, subject.listingId).toBe(risks.overall_score);
      // The loan: the card's 2050 climate-adjusted LVR is the report's.
      expect(report.content.compliance.default_loan?.climate_adjusted_lvr_2050 ?? null, subject.listingId).toBe(subject.card.propguard_compliance?.climate_adjusted_lvr ?? null);
      reports.push(report);
    }
    // A report by listing id is the same analysis.
    const byListing = reportResponseSchema.parse(await inject('POST', '/api/realty/valuation-report', { listing_id: subjects[0]!.listingId })).report;
    expect(byListing.content.comprehensive_analysis.ai_valuation).toBe(subjects[0]!.valuation.estimate);
    expect(byListing.content.property_details.listing_id).toBe(subjects[0]!.listingId);
  });

  it('a report whose analysis differs from the screen is refused, not issued', async () => {
    const { valuation } = subjects[0]!;
    const response = await testApp.app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload: { subject: valuation.subject, expected: { estimate: valuation.estimate + 1, as_at: valuation.asAt, model_id: valuation.model.id } } });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('has changed since it was shown');
  });

  it('the certificate minted from a report shows the minting workspace the report\'s figures, and its public metadata none of them', async () => {
    for (const report of reports.slice(0, 3)) {
      const minted = mintCertificateResponseSchema.parse(await inject('POST', '/api/blockchain/mint-valuation-nft', { report_id: report.report_id }));
      const analysis = report.content.comprehensive_analysis;
      // The local workspace minted it: its view of the certificate carries the report's figures.
      const token = explorerTokenSchema.parse(await inject('GET', `/api/blockchain/token/${minted.token_id}`));
      expect(token.certificate).toMatchObject({ is_issuing_workspace: true, report_id: report.report_id, property: report.content.property_details.address, valuation: analysis.ai_valuation, report_date: report.generated_at, model_id: analysis.model_id, report_hash: `0x${report.content_hash}` });
      // The public metadata (anyone's, by token URI) proves the report without saying what it says.
      const response = await testApp.app.inject({ method: 'GET', url: `/ipfs/${minted.cid}` });
      expect(response.statusCode).toBe(200);
      const metadata = dagJson.decode(new Uint8Array(response.rawPayload)) as Record<string, unknown>;
      expect(metadata).toMatchObject({ report: { content_sha256: report.content_hash, generated_at: report.generated_at }, model: { id: analysis.model_id } });
      for (const key of ['property', 'valuation', 'hazards', 'lvr_thresholds_aud']) expect(metadata).not.toHaveProperty(key);
      for (const secret of [report.content.property_details.address, report.report_id, String(analysis.ai_valuation), String(analysis.conservative_value), String(analysis.optimistic_value)]) expect(response.body).not.toContain(secret);
    }
  });

  it('the original client\'s routes give the same figures', async () => {
    for (const subject of subjects) {
      const expected = figuresOf(subject.valuation);
      const enhanced = (await inject('POST', '/functions/v1/enhanced-property-analysis', { address: subject.listingId, analysisType: 'comprehensive' })) as {
        analysis: { property_analysis: { estimated_value: number; valuation_range: { min: number; max: number }; confidence_score: number } };
      };
      const property = enhanced.analysis.property_analysis;
      expect({ estimate: property.estimated_value, low: property.valuation_range.min, high: property.valuation_range.max, confidence: Math.round(property.confidence_score * 100) }, `${subject.listingId} enhanced`).toEqual({
        estimate: expected.estimate,
        low: expected.low,
        high: expected.high,
        confidence: expected.confidence,
      });
      // The assistant reads a street address (Sydney's records have none to type).
      if (subject.typed) {
        const command = (await inject('POST', '/api/propguard/process-command', { command: subject.typed })) as { current_valuation: number; valuation_range: { min: number; max: number } };
        expect({ estimate: command.current_valuation, low: command.valuation_range.min, high: command.valuation_range.max }, `${subject.listingId} process-command`).toEqual({ estimate: expected.estimate, low: expected.low, high: expected.high });
      }
      const analysis = (await inject('POST', '/api/functions/property-analysis', { query: subject.typed ?? subject.listingId })) as { analysis: { current_valuation: number; valuation_range: { min: number; max: number } } };
      expect({ estimate: analysis.analysis.current_valuation, low: analysis.analysis.valuation_range.min, high: analysis.analysis.valuation_range.max }, `${subject.listingId} property-analysis`).toEqual({
        estimate: expected.estimate,
        low: expected.low,
        high: expected.high,
      });
    }
  });

  it('`propguard value --csv` values each row (by listing id or typed address) alike', async () => {
    const runtime = requireValuationRuntime(testApp.context);
    const database = testApp.context.database;
    const lookups = await loadCsvLookups(database, runtime.model, runtime.index);
    const rows = subjects.flatMap((subject) => [[subject.listingId, ''], ...(subject.typed ? [['', subject.typed]] : [])]);
    const csv = toCsv([['listing_id', 'address'], ...rows]);
    const { output, failed } = await valueCsvText(csv, { database, model: runtime.model, index: runtime.index, lookups });
    expect(failed, output).toBe(0);
    const table = parseCsv(output);
    const header = table[0]!;
    const cell = (cells: string[], name: string) => cells[header.indexOf(name)]!;
    for (const cells of table.slice(1)) {
      const subject = subjects.find((item) => item.listingId === cell(cells, 'listing_id') || (item.typed !== null && item.typed === cell(cells, 'address')))!;
      const expected = figuresOf(subject.valuation);
      expect({ estimate: Number(cell(cells, 'estimate')), low: Number(cell(cells, 'low')), high: Number(cell(cells, 'high')), confidence: Number(cell(cells, 'confidence')), asAt: cell(cells, 'as_at') }, cells.join(',')).toEqual({
        estimate: expected.estimate,
        low: expected.low,
        high: expected.high,
        confidence: expected.confidence,
        asAt: expected.asAt,
      });
    }
  });

  it('a portfolio values each loan as the screens do', async () => {
    // A lender's book names a security by its address, or (Sydney's records have no street
    // address) by its locality, coordinates and attributes.
    const header = ['loan_id', 'address', 'suburb', 'state', 'postcode', 'lat', 'lng', 'property_type', 'bedrooms', 'bathrooms', 'car_spaces', 'land_size', 'building_size', 'year_built', 'loan_amount'];
    const lines = subjects.map((subject, position): CsvCell[] => {
      const { property } = subject.valuation;
      const { attributes } = property;
      const cells = subject.typed
        ? [`P${position}`, subject.typed, '', '', '', '', '', '', '', '', '', '', '', '', '500000']
        : [`P${position}`, '', property.suburb ?? '', property.state ?? '', property.postcode ?? '', String(property.lat), String(property.lng), attributes.propertyType ?? '', attributes.bedrooms ?? '', attributes.bathrooms ?? '', attributes.carSpaces ?? '', attributes.landSizeM2 ?? '', attributes.buildingSizeM2 ?? '', attributes.yearBuilt ?? '', '500000'];
      return cells;
    });
    const created = await testApp.app.inject({ method: 'POST', url: '/api/portfolios?name=Parity', headers: { 'content-type': 'text/csv' }, payload: toCsv([header, ...lines]) });
    expect(created.statusCode, created.body).toBe(202);
    const { portfolio } = portfolioCreatedResponseSchema.parse(created.json());
    const events = await testApp.app.inject({ method: 'GET', url: `/api/portfolios/${portfolio.id}/events` });
    expect(events.body).toContain('event: done');
    const page = portfolioResultsPageSchema.parse((await inject('GET', `/api/portfolios/${portfolio.id}/results?pageSize=100`)) as unknown);
    expect(page.rows).toHaveLength(subjects.length);
    for (const row of page.rows) {
      const subject = subjects[Number(row.loan_id.slice(1))]!;
      const expected = figuresOf(subject.valuation);
      expect({ estimate: row.estimate, low: row.low, high: row.high, confidence: row.confidence, error: row.error }, `${subject.listingId} loan ${row.loan_id} ${JSON.stringify(row.input)} ${row.note}`).toEqual({
        estimate: expected.estimate,
        low: expected.low,
        high: expected.high,
        confidence: expected.confidence,
        error: null,
      });
      const risks = subject.card.propguard_risk!;
      for (const hazard of HAZARDS) expect((row as unknown as Record<string, number | null>)[hazard], `${subject.listingId} ${hazard}`).toBe(risks.climate_risks[hazard] === null ? null : Math.round(risks.climate_risks[hazard]! * 100));
    }
  });
});
