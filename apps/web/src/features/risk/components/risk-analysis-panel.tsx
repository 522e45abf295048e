import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { CLIMATE_METRICS_DEFAULT_YEAR, type ClimateScenario } from '@propguard/schemas';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useClimateDashboard } from '../api/get-climate-dashboard.ts';
import { useFireRisk } from '../api/get-fire-risk.ts';
import { hazardScoresOf } from '../hazard-scores.ts';
import type { RiskSubject } from '../risk-subject.ts';
import { ClimateDashboardPanel } from './climate-dashboard-panel.tsx';
import { ClimateMetricsCard } from './climate-metrics-card.tsx';
import { ClimateRiskAssessmentCard } from './climate-risk-assessment-card.tsx';
import { FireRiskCard } from './fire-risk-card.tsx';
import { HazardAssessmentList } from './hazard-assessment-list.tsx';
import { ImportedHazardLayersCard } from './imported-hazard-layers-card.tsx';
import { LocationRiskPanel } from './location-risk-panel.tsx';

/**
 * The Risk Analysis tab below the address form: map, hazard scores, fire detections and climate
 * projections, and the imported flood layers (uploaded and removed here by an owner or analyst:
 * `canManageLayers`, from the route's /api/me).
 */
export function RiskAnalysisPanel({ subject, canManageLayers }: { subject: RiskSubject | null; canManageLayers: boolean }) {
  const [scenario, setScenario] = useState<ClimateScenario>('high');
  const [metricsYear, setMetricsYear] = useState<number>(CLIMATE_METRICS_DEFAULT_YEAR);
  const isLive = subject?.kind === 'live';
  const climate = useClimateDashboard(subject && isLive ? { lat: subject.lat, lng: subject.lng, scenario, propertyValueAud: subject.valueAud ?? undefined, metricsYear } : null);
  const fireRisk = useFireRisk(subject && isLive ? { lat: subject.lat, lng: subject.lng } : null);

  if (!subject) {
    return (
      <div className="space-y-6">
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <ShieldAlert aria-hidden="true" className="size-10 text-slate-400" />
            <p className="text-slate-600">Analyze a property above to see its flood, bushfire, coastal, subsidence, cyclone and earthquake risk.</p>
          </CardContent>
        </Card>
        <ImportedHazardLayersCard canManage={canManageLayers} />
      </div>
    );
  }

  const scores = hazardScoresOf(subject, climate.data?.climate);

  return (
    <section aria-label="Risk analysis" className="space-y-6">
      {subject.kind === 'demo' ? (
        <p className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
          <strong>Demo data</strong>: the hazard scores below are the sample property's sample figures. The map shows real
          geography; a Live analysis assesses the hazards from our data.
        </p>
      ) : null}
      {climate.isError ? <Notice>The hazard assessment failed: {climate.error.message}</Notice> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <LocationRiskPanel subject={subject} scores={scores} />
        </div>
        <div className="space-y-6">
          {scores ? <ClimateRiskAssessmentCard scores={scores} isDemo={subject.kind === 'demo'} /> : <Skeleton className="h-64" />}
          {isLive ? <FireRiskCard fireRisk={fireRisk.data?.fireRisk} error={fireRisk.error} /> : null}
        </div>
      </div>
      {isLive && climate.isPending ? <Skeleton className="h-64" /> : null}
      {climate.data ? (
        <>
          <HazardAssessmentList report={climate.data.climate.report} />
          <ImportedHazardLayersCard canManage={canManageLayers} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <ClimateDashboardPanel climate={climate.data.climate} scenario={scenario} onScenarioChange={setScenario} />
            </div>
            <ClimateMetricsCard metrics={climate.data.climate.metrics} at={climate.data.climate.metricsAt} notHeld={climate.data.climate.metricsNotHeld} year={metricsYear} onYearChange={setMetricsYear} />
          </div>
        </>
      ) : null}
    </section>
  );
}
