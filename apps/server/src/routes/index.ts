import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../services/app-context.ts';
import { blockchainHealthRoute } from './health/blockchain-health.ts';
import { llmHealthRoute } from './health/llm-health.ts';
import { pipelineHealthRoute } from './health/pipeline-health.ts';
import { propguardHealthRoute } from './health/propguard-health.ts';
import { realtyHealthRoute } from './health/realty-health.ts';
import { xnodeHealthRoute } from './health/xnode-health.ts';
import { dataSummaryRoute } from './data/data-summary.ts';
import { hazardLayersRoute } from './data/hazard-layers.ts';
import { listSalesRoute } from './data/list-sales.ts';
import { addressSearchRoute } from './functions/address-search.ts';
import { fireRiskRoute } from './functions/fire-risk.ts';
import { propertyAnalysisRoute } from './functions/property-analysis.ts';
import { baseMapRoute } from './geo/base-map.ts';
import { mapNearRoute } from './geo/map-near.ts';
import { assessHazardsRoute } from './hazards/assess-hazards.ts';
import { getPropertyRoute } from './realty/get-property.ts';
import { generateReportRoute } from './reports/generate-report.ts';
import { readReportsRoutes } from './reports/read-reports.ts';
import { listingCacheRoutes } from './realty/listing-cache.ts';
import { propertyHistoryRoute } from './realty/property-history.ts';
import { searchListingsRoute } from './realty/search-listings.ts';
import { climateDashboardRoute } from './hazards/climate-dashboard.ts';
import { createValuationRoute } from './valuation/create-valuation.ts';
import { getModelCardRoute } from './valuation/get-model-card.ts';
import { marketAnalysisRoute } from './market/market-analysis.ts';
import { marketSentimentRoute } from './market/market-sentiment.ts';
import { propertySentimentRoute } from './market/property-sentiment.ts';
import { financialImpactAssessmentRoute } from './pipeline/financial-impact-assessment.ts';
import { complianceRoutes } from './compliance/compliance-routes.ts';
import { mintCertificateRoute } from './blockchain/mint-certificate.ts';
import { nftCollectionRoute } from './blockchain/nft-collection.ts';
import { verifyCertificateRoutes } from './blockchain/verify-certificate.ts';
import { reportCertificateRoute } from './blockchain/report-certificate.ts';
import { explorerRoutes } from './blockchain/explorer.ts';
import { chainRpcRoute } from './blockchain/chain-rpc.ts';
import { apraComplianceReportRoute } from './blockchain/apra-compliance-report.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { workspaceRoutes } from './workspace/workspace-routes.ts';
import { apiKeyRoutes } from './keys/api-key-routes.ts';
import { plansRoute } from './billing/plans-route.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { stripeWebhookRoute } from './billing/stripe-webhook.ts';
import { createPortfolioRoutes } from './portfolios/create-portfolio.ts';
import { readPortfolioRoutes } from './portfolios/read-portfolios.ts';
import { portfolioEventsRoute } from './portfolios/portfolio-events.ts';
import { cancelPortfolioRoute } from './portfolios/cancel-portfolio.ts';
import { compatJobRoutes } from './portfolios/compat-jobs.ts';
import { stressPortfolioRoute } from './portfolio-stress/stress-portfolio.ts';

/** Every API route, mounted under /api. One file per endpoint. */
export function registerApiRoutes(context: AppContext): FastifyPluginAsyncZod {
  const routes = [
    propguardHealthRoute,
    llmHealthRoute,
    blockchainHealthRoute,
    xnodeHealthRoute,
    pipelineHealthRoute,
    realtyHealthRoute,
    dataSummaryRoute,
    hazardLayersRoute,
    listSalesRoute,
    createValuationRoute,
    getModelCardRoute,
    propertyAnalysisRoute,
    assessHazardsRoute,
    climateDashboardRoute,
    fireRiskRoute,
    baseMapRoute,
    mapNearRoute,
    searchListingsRoute,
    getPropertyRoute,
    propertyHistoryRoute,
    listingCacheRoutes,
    generateReportRoute,
    readReportsRoutes,
    marketAnalysisRoute,
    marketSentimentRoute,
    propertySentimentRoute,
    addressSearchRoute,
    financialImpactAssessmentRoute,
    complianceRoutes,
    mintCertificateRoute,
    nftCollectionRoute,
    verifyCertificateRoutes,
    reportCertificateRoute,
    explorerRoutes,
    chainRpcRoute,
    apraComplianceReportRoute,
    authRoutes,
    workspaceRoutes,
    apiKeyRoutes,
    plansRoute,
    billingRoutes,
    stripeWebhookRoute,
    createPortfolioRoutes,
    readPortfolioRoutes,
    portfolioEventsRoute,
    cancelPortfolioRoute,
    compatJobRoutes,
    stressPortfolioRoute,
  ];
  return async (app) => {
    for (const route of routes) await app.register(route(context));
  };
}
