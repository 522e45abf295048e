import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressSearchRequestSchema,
  addressSearchResponseSchema,
  compatEnhancedAnalysisRequestSchema,
  compatEnhancedAnalysisResponseSchema,
  compatFireRiskRequestSchema,
  compatHealthCheckResponseSchema,
  compatMarketIntelligenceRequestSchema,
  compatMarketIntelligenceResponseSchema,
  compatPropertyAnalysisRequestSchema,
  compatPropertyDataRequestSchema,
  compatValuationReportRequestSchema,
  compatValuationReportResponseSchema,
  comprehensiveAnalysisResponseSchema,
  FIRE_RISK_RADIUS_KM,
  fireRiskResponseSchema,
  processCommandRequestSchema,
  processCommandResponseSchema,
  propertyAnalysisResponseSchema,
  riskExplanationResponseSchema,
  serviceHealthSchema,
} from '@propguard/schemas';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { getAddressDetails, suggestAddresses } from '../../services/address-search/address-search-service.ts';
import { analyseComprehensively, explainRisk, getEnhancedAnalysis, getMarketIntelligence, processCommand } from '../../services/compat/compat-service.ts';
import { getFireRisk } from '../../services/hazards/fire-risk-service.ts';
import { subjectOfText } from '../../services/valuation/valuation-service.ts';
import { getPropguardHealth } from '../../services/health/health-service.ts';
import { analyseProperty } from '../../services/valuation/property-analysis-service.ts';
import { generateReport } from '../../services/reports/report-service.ts';
import { policy, reportUsage } from '../../http/route-policy.ts';

const TAGS = ['compatibility'];

/**
 * The original PropGuard AI client's calls (../shared/COMPAT.md, docs/compat.md): thin adapters
 * on the services our own API uses. Mounted at the root: the client's paths are absolute.
 */
export function compatRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/functions/v1/propguard/health', {
      config: policy('open', { compat: true }),
      schema: { tags: TAGS, summary: 'The client\'s health probe: our /api/propguard/health', response: { 200: serviceHealthSchema, ...ERROR_RESPONSES } },
    }, async () => getPropguardHealth(context));

    app.post('/functions/v1/property-analysis', {
      config: policy('public', { compat: true, usage: (body) => ((body as { healthCheck?: unknown } | null)?.healthCheck === true ? ['none'] : ['valuation']), audited: true }),
      schema: {
        tags: TAGS,
        summary: 'The client\'s probe ({healthCheck: true}) or the property analysis of an address (as POST /api/functions/property-analysis)',
        body: compatPropertyAnalysisRequestSchema,
        response: { 200: z.union([compatHealthCheckResponseSchema, propertyAnalysisResponseSchema]), ...ERROR_RESPONSES },
      },
    }, async (request) => {
      const body = request.body;
      const address = body.query ?? body.address;
      if (body.healthCheck === true && address === undefined) {
        const engines = { valuation: context.valuation.ready, hazards: context.hazards.ready, address_index: context.addressIndex.ready };
        return { success: true as const, healthCheck: true as const, status: Object.values(engines).every(Boolean) ? ('healthy' as const) : ('degraded' as const), engines, timestamp: new Date().toISOString() };
      }
      return analyseProperty(context, address!, request.log);
    });

    app.post('/functions/v1/nasa-fire-risk', {
      config: policy('public', { compat: true }),
      schema: { tags: TAGS, summary: 'Satellite fire detections around a point (as POST /api/functions/fire-risk)', body: compatFireRiskRequestSchema, response: { 200: fireRiskResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => {
      const { latitude, longitude, radiusKm } = request.body;
      return { success: true as const, fireRisk: await getFireRisk(context, { latitude, longitude, radiusKm: radiusKm ?? FIRE_RISK_RADIUS_KM }, request.log) };
    });

    app.post('/functions/v1/domain-au-search', {
      config: policy('public', { compat: true }),
      schema: { tags: TAGS, summary: 'Address autocomplete and details (as POST /api/functions/address-search)', body: addressSearchRequestSchema, response: { 200: addressSearchResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => {
      const body = request.body;
      if (body.action === 'autocomplete') return suggestAddresses(context, body.query, body.limit);
      return { property: await getAddressDetails(context, body.propertyId) };
    });

    app.post('/functions/v1/enhanced-property-analysis', {
      config: policy('public', { compat: true, usage: 'valuation', audited: true }),
      schema: {
        tags: TAGS,
        summary: 'Valuation, hazards, default-loan compliance, market sentiment and investment metrics of an address, listing or location, in the original units',
        body: compatEnhancedAnalysisRequestSchema,
        response: { 200: compatEnhancedAnalysisResponseSchema, ...ERROR_RESPONSES },
      },
    }, async (request) => getEnhancedAnalysis(context, request.body));

    app.post('/functions/v1/market-intelligence', {
      config: policy('public', { compat: true, usage: 'valuation', audited: true }),
      schema: { tags: TAGS, summary: 'The market engine\'s analysis of a location, in the original shape', body: compatMarketIntelligenceRequestSchema, response: { 200: compatMarketIntelligenceResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => getMarketIntelligence(context, request.body));

    app.post('/functions/v1/valuation-report', {
      config: policy('public', { compat: true, usage: reportUsage('full-valuation'), expensive: true, audited: true }),
      schema: { tags: TAGS, summary: 'Generates a stored valuation report (as POST /api/realty/valuation-report); open /report/{report_id}', body: compatValuationReportRequestSchema, response: { 200: compatValuationReportResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => {
      const { include_blockchain, loan_amount } = request.body;
      // The property page sends what it holds as `listing_id`: a listing id, or the address it was opened with.
      const held = (request.body.listing_id ?? request.body.address)!;
      const report = await generateReport(context, { subject: subjectOfText(held), include_blockchain, loan_amount, template: 'full-valuation' });
      return {
        success: true as const,
        report: {
          report_id: report.report_id,
          content_hash: report.content_hash,
          address: report.content.property_details.address,
          url: `/report/${report.report_id}`,
          pdf_url: `/api/reports/${report.report_id}/pdf`,
          generated_at: report.generated_at,
        },
      };
    });

    app.post('/api/propguard/process-command', {
      config: policy('public', { compat: true, usage: 'valuation', audited: true }),
      schema: { tags: TAGS, summary: 'The assistant: an address, "risk of ...", "compare A and B", "market in ...", "LVR for a $X loan on ..."', body: processCommandRequestSchema, response: { 200: processCommandResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => processCommand(context, request.body.command, request.log));

    app.post('/api/llm/risk-assessment', {
      config: policy('public', { compat: true, usage: 'valuation', audited: true }),
      schema: { tags: TAGS, summary: 'The hazards of the client\'s property explained from our scores (the configured model writes it when set, checked number by number)', body: compatPropertyDataRequestSchema, response: { 200: riskExplanationResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => explainRisk(context, request.body));

    app.post('/api/llm/comprehensive-analysis', {
      config: policy('public', { compat: true, usage: 'valuation', audited: true }),
      schema: { tags: TAGS, summary: 'Summary and insights written from our valuation, hazard, lending and market figures', body: compatPropertyDataRequestSchema, response: { 200: comprehensiveAnalysisResponseSchema, ...ERROR_RESPONSES } },
    }, async (request) => analyseComprehensively(context, request.body));
  };
}
