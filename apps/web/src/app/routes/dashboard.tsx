import { useState } from 'react';
import { useLocation } from 'react-router';
import { CreditCard, FileText, LayoutDashboard, Link2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { TabList, TabPanel } from '../../components/ui/tabs.tsx';
import type { TabItem } from '../../components/ui/tabs.tsx';
import { AddressEntryForm, AnalysisResults, useAddressAnalysis } from '../../features/address-analysis/index.ts';
import { CertificatesPanel } from '../../features/blockchain/index.ts';
import { CompliancePanel, useComplianceOverview } from '../../features/compliance/index.ts';
import { DashboardHeader } from '../../features/dashboard/index.ts';
import { DataSourceCard, useDataMode } from '../../features/data-source/index.ts';
import { findDemoProperty, getDemoValuation } from '../../features/demo-data/index.ts';
import { MarketSentimentPanels, type MarketSubject } from '../../features/market-analysis/index.ts';
import { PricingPanel } from '../../features/pricing/index.ts';
import { useMe } from '../../features/account/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { isQuotaExceededError, noEstimateOf } from '../../lib/api-client.ts';
import { GenerateReportButton, ReportCentre } from '../../features/reports/index.ts';
import { RiskAnalysisPanel, RiskAssessmentDetail, type RiskSubject } from '../../features/risk/index.ts';
import type { AnalysisOutcome } from '../../features/address-analysis/index.ts';
import { formatLocality, formatPlaceName } from '../../lib/format.ts';

type DashboardTab = 'dashboard' | 'risk' | 'blockchain' | 'compliance' | 'reports' | 'pricing';

const ICON_CLASS = 'size-4';

// Six tabs chosen by in-page state, not by URL (SPEC.md section 2).
const TABS: readonly TabItem<DashboardTab>[] = [
  { id: 'dashboard', label: 'Dashboard', icon: <LayoutDashboard aria-hidden="true" className={ICON_CLASS} /> },
  { id: 'risk', label: 'Risk Analysis', icon: <ShieldAlert aria-hidden="true" className={ICON_CLASS} /> },
  { id: 'blockchain', label: 'Blockchain', icon: <Link2 aria-hidden="true" className={ICON_CLASS} /> },
  { id: 'compliance', label: 'APRA Compliance', icon: <ShieldCheck aria-hidden="true" className={ICON_CLASS} /> },
  { id: 'reports', label: 'Reports', icon: <FileText aria-hidden="true" className={ICON_CLASS} /> },
  { id: 'pricing', label: 'Pricing', icon: <CreditCard aria-hidden="true" className={ICON_CLASS} /> },
];

const ID_BASE = 'dashboard';

/** The tab a link asked for in the navigation's state (e.g. an upgrade path's `{ tab: 'pricing' }`), else the Dashboard tab. */
function initialTabOf(state: unknown): DashboardTab {
  const tab = typeof state === 'object' && state !== null ? (state as { tab?: unknown }).tab : undefined;
  return TABS.find((item) => item.id === tab)?.id ?? 'dashboard';
}

/**
 * The analysed property as the risk panels need it: live coordinates, or the sample's sample scores.
 * A place we make no estimate for (NO_ESTIMATE) still has its hazards, without a value.
 */
function toRiskSubject(outcome: AnalysisOutcome | undefined, error: unknown): RiskSubject | null {
  const refused = noEstimateOf(error);
  if (refused) return { kind: 'live', address: formatPlaceName(refused.place.address) ?? formatLocality(refused.place), lat: refused.place.lat, lng: refused.place.lng, valueAud: null };
  if (!outcome) return null;
  const { property, estimate, dataSource } = outcome.valuation;
  const address = formatPlaceName(property.address) ?? formatLocality(property);
  if (dataSource === 'live') return { kind: 'live', address, lat: property.lat, lng: property.lng, valueAud: estimate };
  const { property: sample } = findDemoProperty(address);
  return { kind: 'demo', address, lat: property.lat, lng: property.lng, valueAud: estimate, sampleScores: { ...sample.risks } };
}

/** The analysed property's suburb for the market panels (live analyses only). */
function toMarketSubject(outcome: AnalysisOutcome | undefined): MarketSubject {
  if (!outcome || outcome.valuation.dataSource !== 'live') return null;
  const { property } = outcome.valuation;
  if (!property.suburb) return null;
  return { location: [property.suburb, property.state, property.postcode].filter(Boolean).join(' '), propertyType: property.attributes.propertyType ?? 'house' };
}

export function DashboardRoute() {
  const location = useLocation();
  const [tab, setTab] = useState<DashboardTab>(() => initialTabOf(location.state));
  const me = useMe();
  // Workspace evidence: read only when there is a workspace (a signed-out visitor in AUTH_MODE=required has none).
  const complianceOverview = useComplianceOverview({ enabled: Boolean(me.data?.workspace) });
  const cps230Status = complianceOverview.data?.regulations.find((regulation) => regulation.id === 'cps230')?.status ?? null;
  const dataMode = useDataMode();
  // The demo data source is its own feature; the route hands it to the analysis (features do not import each other).
  const analysis = useAddressAnalysis({ mode: dataMode.mode, analyzeDemo: getDemoValuation });
  const riskSubject = toRiskSubject(analysis.outcome, analysis.error);
  const addressForm = (
    <AddressEntryForm
      address={analysis.address}
      onAddressChange={analysis.setAddress}
      onAnalyze={analysis.analyzeAddress}
      isAnalyzing={analysis.isAnalyzing}
      suggestions={analysis.suggestions}
    />
  );

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <DashboardHeader cps230Status={cps230Status} onShowCompliance={() => setTab('compliance')} />
      <TabList label="Dashboard sections" idBase={ID_BASE} tabs={TABS} value={tab} onValueChange={setTab} />
      <TabPanel idBase={ID_BASE} tabId={tab} className="space-y-6">
        {tab === 'dashboard' ? (
          <>
            {addressForm}
            <DataSourceCard mode={dataMode.mode} onModeChange={dataMode.setMode} />
            <AnalysisResults
              isAnalyzing={analysis.isAnalyzing}
              outcome={analysis.outcome}
              error={analysis.error}
              errorAction={isQuotaExceededError(analysis.error) ? <Button onClick={() => setTab('pricing')}>See plans and upgrade</Button> : null}
              riskDetail={riskSubject ? <RiskAssessmentDetail subject={riskSubject} /> : null}
              reportAction={analysis.outcome?.valuation.dataSource === 'live' ? <GenerateReportButton valuation={analysis.outcome.valuation} /> : null}
              marketPanels={analysis.outcome ? <MarketSentimentPanels subject={toMarketSubject(analysis.outcome)} /> : null}
            />
          </>
        ) : null}
        {tab === 'risk' ? (
          <>
            {addressForm}
            {analysis.isAnalyzing ? null : <RiskAnalysisPanel subject={riskSubject} canManageLayers={me.data?.workspace?.role === 'owner' || me.data?.workspace?.role === 'analyst'} />}
          </>
        ) : null}
        {tab === 'blockchain' ? <CertificatesPanel /> : null}
        {tab === 'compliance' ? <CompliancePanel subject={riskSubject && riskSubject.valueAud !== null ? { address: riskSubject.address, valuationAud: riskSubject.valueAud, lat: riskSubject.lat, lng: riskSubject.lng } : null} /> : null}
        {tab === 'reports' ? <ReportCentre /> : null}
        {tab === 'pricing' ? <PricingPanel currentPlan={me.data?.workspace?.plan ?? null} /> : null}
      </TabPanel>
    </main>
  );
}
