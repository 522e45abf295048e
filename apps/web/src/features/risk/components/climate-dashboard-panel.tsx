import { lazy, Suspense } from 'react';
import { TrendingUp, Wrench } from 'lucide-react';
import type { ClimateDashboard, ClimateScenario } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAud, formatHazardScore } from '../../../lib/format.ts';
import { LevelBadge } from './level-badge.tsx';

const ClimateProjectionChart = lazy(() => import('./climate-projection-chart.tsx').then((module) => ({ default: module.ClimateProjectionChart })));

const SCENARIO_LABEL: Record<ClimateScenario, string> = { low: 'Low emissions', high: 'High emissions' };
const PRIORITY_TONE = { High: 'red', Medium: 'yellow', Low: 'green' } as const;

function formatSigned(value: number | null, unit: string, digits = 1): string {
  if (value === null) return 'Not available';
  return `${value > 0 ? '+' : ''}${value.toFixed(digits)}${unit}`;
}

type ClimateDashboardPanelProps = {
  climate: ClimateDashboard;
  scenario: ClimateScenario;
  onScenarioChange: (scenario: ClimateScenario) => void;
};

/** SPEC.md Climate dashboard, computed for the analysed property: cards, projections, chart and mitigation. */
export function ClimateDashboardPanel({ climate, scenario, onScenarioChange }: ClimateDashboardPanelProps) {
  const hasData = (hazard: string) => climate.report.assessments.find((assessment) => assessment.hazard === hazard)?.hasData ?? false;
  const charted = (['flood', 'fire', 'coastal', 'cyclone'] as const).filter(hasData);
  return (
    <Card>
      <CardHeader
        level={2}
        title="Climate Risk Projections"
        description={climate.report.region ? `Projection region: ${climate.report.region.name}. Table ${climate.report.projectionTable.id} v${climate.report.projectionTable.version}.` : 'No projection region covers this place.'}
        icon={<TrendingUp aria-hidden="true" className="size-5 text-blue-600" />}
        action={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Scenario
            <select className="rounded-md border border-slate-300 px-2 py-1 text-sm" value={scenario} onChange={(event) => onScenarioChange(event.target.value as ClimateScenario)}>
              <option value="high">{SCENARIO_LABEL.high}</option>
              <option value="low">{SCENARIO_LABEL.low}</option>
            </select>
          </label>
        }
      />
      <CardContent className="space-y-6">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {climate.cards.map((card) => (
            <div key={card.hazard} className="rounded-md border border-slate-200 p-4" data-testid={`climate-card-${card.hazard}`}>
              <p className="text-sm text-slate-600">{card.label}</p>
              {card.hasData ? (
                <>
                  <p className="mt-1 flex items-center justify-between">
                    <span className="text-2xl font-bold tabular-nums">{formatHazardScore(card.score)}</span>
                    <LevelBadge score={card.score} />
                  </p>
                  <p className="mt-1 text-xs text-slate-500">{card.expectedAnnualDamage.label}</p>
                </>
              ) : (
                <p className="mt-1 text-sm text-slate-500">No data: {card.dataNote}</p>
              )}
            </div>
          ))}
        </div>

        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-slate-900">Climate projections</caption>
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3">Year</th>
                <th scope="col" className="pr-3">Scenario</th>
                <th scope="col" className="pr-3">Warming</th>
                <th scope="col" className="pr-3">Temperature</th>
                <th scope="col" className="pr-3">Rainfall</th>
                <th scope="col" className="pr-3">Sea level</th>
                <th scope="col" className="pr-3">Flood risk</th>
                <th scope="col">Fire risk</th>
              </tr>
            </thead>
            <tbody>
              {climate.projections.map((row) => (
                <tr key={`${row.year}-${row.scenario}`} className={row.scenario === scenario ? 'border-t border-slate-100 font-medium' : 'border-t border-slate-100 text-slate-500'}>
                  <th scope="row" className="py-1 pr-3">{row.year}</th>
                  <td className="pr-3">{SCENARIO_LABEL[row.scenario]}</td>
                  <td className="pr-3">{row.warmingLevelC.toFixed(1)} °C</td>
                  <td className="pr-3">{formatSigned(row.temperatureChangeC, ' °C')}</td>
                  <td className="pr-3">{formatSigned(row.rainfallChangePct, '%', 0)}</td>
                  <td className="pr-3">{row.seaLevelRiseM === null ? 'Not available' : `+${row.seaLevelRiseM.toFixed(2)} m`}</td>
                  <td className="pr-3 tabular-nums">{hasData('flood') ? formatHazardScore(row.floodRisk) : 'No data'}</td>
                  <td className="tabular-nums">{hasData('fire') ? formatHazardScore(row.fireRisk) : 'No data'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-slate-500">Sources: {[...new Set(climate.projections.flatMap((row) => row.sources))].join('; ')}.</p>
        </div>

        <div>
          <h3 className="mb-2 font-semibold text-slate-900">10-year projection ({SCENARIO_LABEL[scenario].toLowerCase()})</h3>
          <Suspense fallback={<Skeleton className="h-64" />}>
            <ClimateProjectionChart points={climate.tenYear} hazards={charted} />
          </Suspense>
        </div>

        <div>
          <h3 className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
            <Wrench aria-hidden="true" className="size-4 text-blue-600" /> Mitigation recommendations
          </h3>
          {climate.recommendations.length === 0 ? (
            <p className="text-sm text-slate-600">No hazard here scores high enough for a measure to be recommended.</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {climate.recommendations.map((item) => (
                <li key={`${item.hazard}-${item.type}`} className="space-y-2 rounded-md border border-slate-200 p-4 text-sm" data-testid="mitigation-item">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-semibold text-slate-900">{item.type}</span>
                    <Badge tone={PRIORITY_TONE[item.priority]}>{item.priority} priority</Badge>
                  </div>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-slate-700">
                    <dt className="text-slate-500">Cost</dt><dd>{formatAud(item.costAud)}</dd>
                    <dt className="text-slate-500">Damage avoided a year</dt><dd>{formatAud(item.annualBenefitAud)}</dd>
                    <dt className="text-slate-500">Payback</dt><dd data-testid="mitigation-payback">{item.payback}</dd>
                    <dt className="text-slate-500">Timeline</dt><dd>{item.timeline}</dd>
                  </dl>
                  <p className="text-slate-700"><span className="font-medium">Protects against:</span> {item.protectsAgainst}</p>
                  <p className="text-slate-700">{item.impact}</p>
                  <ul className="list-disc pl-5 text-slate-700">
                    {item.actions.map((action) => <li key={action}>{action}</li>)}
                  </ul>
                  <p className="text-xs text-slate-600"><span className="font-medium">Cost assumptions:</span> {item.costAssumptions}.</p>
                  <p className="text-xs text-slate-500">{item.rule}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
