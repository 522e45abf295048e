import { CloudRain } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import type { HazardScores } from '../hazard-scores.ts';
import { RECOMMENDATION_THRESHOLD } from '../risk-subject.ts';
import { LevelBadge } from './level-badge.tsx';
import { formatHazardScore } from '../../../lib/format.ts';

const ROWS = [
  { id: 'flood', label: 'Flood risk', advice: 'Consider flood insurance and improved drainage: the flood score is above 50.' },
  { id: 'fire', label: 'Fire risk', advice: 'Use fire-resistant landscaping and building materials: the bushfire score is above 50.' },
  { id: 'coastal', label: 'Coastal risk', advice: 'Monitor sea-level rise and coastal erosion: the coastal score is above 50.' },
] as const;

/** SPEC.md "Climate Risk Assessment": flood, fire and coastal scores with advice above 50. */
export function ClimateRiskAssessmentCard({ scores, isDemo }: { scores: HazardScores; isDemo: boolean }) {
  const advice = ROWS.filter((row) => (scores[row.id] ?? 0) > RECOMMENDATION_THRESHOLD);
  return (
    <Card>
      <CardHeader
        title="Climate Risk Assessment"
        description={isDemo ? 'Demo data: sample scores of the sample property.' : 'Present-day scores from the hazard engine (0 to 100).'}
        icon={<CloudRain aria-hidden="true" className="size-5 text-blue-600" />}
      />
      <CardContent className="space-y-4">
        <dl className="space-y-3">
          {ROWS.map((row) => {
            const score = scores[row.id];
            return (
              <div key={row.id} className="space-y-1">
                <div className="flex items-center justify-between text-sm">
                  <dt className="text-slate-700">{row.label}</dt>
                  <dd className="flex items-center gap-2">
                    {score === null ? (
                      <span className="text-slate-500">No data for this place</span>
                    ) : (
                      <>
                        <span className="font-semibold tabular-nums">{formatHazardScore(score)}</span>
                        <LevelBadge score={score} />
                      </>
                    )}
                  </dd>
                </div>
                <div className="h-2 rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-2 rounded-full bg-blue-600" style={{ width: `${score ?? 0}%` }} />
                </div>
              </div>
            );
          })}
        </dl>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Recommendations</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {advice.map((row) => <li key={row.id}>{row.advice}</li>)}
            <li>Have the property's hazards reassessed regularly, and after any major event nearby.</li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
