import { CloudRain } from 'lucide-react';
import type { HazardAssessment } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useClimateDashboard } from '../api/get-climate-dashboard.ts';
import type { RiskSubject } from '../risk-subject.ts';
import { HazardFactorList } from './hazard-factor-list.tsx';
import { LevelBadge } from './level-badge.tsx';
import { formatHazardScore } from '../../../lib/format.ts';

const DETAIL_HAZARDS = ['flood', 'fire', 'coastal'] as const;

function DetailRow({ assessment }: { assessment: HazardAssessment }) {
  return (
    <div className="space-y-1 border-b border-slate-100 pb-3 last:border-0">
      <div className="flex items-center justify-between">
        <span className="font-medium text-slate-900">{assessment.label}</span>
        {assessment.hasData ? (
          <span className="flex items-center gap-2">
            <span className="font-semibold tabular-nums">{formatHazardScore(assessment.score)}</span>
            <LevelBadge score={assessment.score} />
          </span>
        ) : (
          <span className="text-slate-500">No data</span>
        )}
      </div>
      <HazardFactorList assessment={assessment} limit={4} />
    </div>
  );
}

/** SPEC.md analytics panel "Risk Assessment Detail": flood, fire and coastal scores with their factors. */
export function RiskAssessmentDetail({ subject }: { subject: RiskSubject }) {
  const isLive = subject.kind === 'live';
  const climate = useClimateDashboard(isLive ? { lat: subject.lat, lng: subject.lng, scenario: 'high', propertyValueAud: subject.valueAud ?? undefined } : null);
  return (
    <Card>
      <CardHeader title="Risk Assessment Detail" icon={<CloudRain aria-hidden="true" className="size-5 text-blue-600" />} />
      <CardContent className="space-y-3 text-sm">
        {subject.kind === 'demo' ? (
          <>
            <p className="text-xs text-slate-600"><strong>Demo data</strong>: sample scores; the factors come with a live analysis.</p>
            {DETAIL_HAZARDS.map((id) => (
              <div key={id} className="flex items-center justify-between">
                <span className="capitalize">{id === 'fire' ? 'Bushfire' : id}</span>
                <span className="flex items-center gap-2"><span className="font-semibold">{formatHazardScore(subject.sampleScores[id])}</span><LevelBadge score={subject.sampleScores[id]} /></span>
              </div>
            ))}
          </>
        ) : null}
        {isLive && climate.isPending ? <p className="text-slate-600">Assessing hazards…</p> : null}
        {isLive && climate.isError ? <Notice>Hazard scores are unavailable: {climate.error.message}</Notice> : null}
        {climate.data
          ? DETAIL_HAZARDS.map((id) => {
              const assessment = climate.data.climate.report.assessments.find((item) => item.hazard === id);
              return assessment ? <DetailRow key={id} assessment={assessment} /> : null;
            })
          : null}
      </CardContent>
    </Card>
  );
}
