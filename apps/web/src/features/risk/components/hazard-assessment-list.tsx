import { ShieldAlert } from 'lucide-react';
import type { HazardReport } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { HazardFactorList } from './hazard-factor-list.tsx';
import { LevelBadge } from './level-badge.tsx';
import { formatHazardScore } from '../../../lib/format.ts';

/** All six hazards with their score, uncertainty, damage band, the facts behind them and the data used. */
export function HazardAssessmentList({ report }: { report: HazardReport }) {
  return (
    <Card>
      <CardHeader
        level={2}
        title="Hazard Assessment"
        description={`Six hazards at this location today. Overall ${formatHazardScore(report.overall.score)} (${report.overall.method}).`}
        icon={<ShieldAlert aria-hidden="true" className="size-5 text-blue-600" />}
        action={<LevelBadge score={report.overall.score} label="Overall" />}
      />
      <CardContent className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {report.assessments.map((assessment) => (
          <article key={assessment.hazard} className="space-y-2 rounded-md border border-slate-200 p-4" aria-label={`${assessment.label} risk`} data-testid={`hazard-${assessment.hazard}`}>
            <header className="flex items-start justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{assessment.label}</h3>
              {assessment.hasData ? <LevelBadge score={assessment.score} /> : null}
            </header>
            {assessment.hasData ? (
              <>
                <p className="text-2xl font-bold tabular-nums text-slate-900">
                  {formatHazardScore(assessment.score)}
                  <span className="ml-2 text-xs font-normal text-slate-500">range {assessment.scoreRange.low} to {assessment.scoreRange.high}</span>
                </p>
                <p className="text-xs text-slate-600">Expected annual damage: {assessment.expectedAnnualDamage.label}</p>
              </>
            ) : (
              <p className="text-lg font-semibold text-slate-500">No data</p>
            )}
            <HazardFactorList assessment={assessment} />
            <p className="text-xs text-slate-500">
              Method {assessment.method}. Data: {assessment.dataUsed.length === 0 ? 'none for this place' : assessment.dataUsed.map((data) => (data.period ? `${data.title} (${data.period})` : data.title)).join('; ')}.
            </p>
          </article>
        ))}
      </CardContent>
    </Card>
  );
}
