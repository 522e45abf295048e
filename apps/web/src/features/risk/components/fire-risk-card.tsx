import { Flame } from 'lucide-react';
import type { FireRisk } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatHazardScore, formatLongDate } from '../../../lib/format.ts';
import { LevelBadge } from './level-badge.tsx';

const SOURCE_LABEL: Record<FireRisk['dataSource'], string> = {
  'firms-live': 'NASA FIRMS, live',
  archive: 'NASA FIRMS archive shipped with PropGuard',
};

/** The satellite fire reading at the property (SPEC.md fire-risk function). */
export function FireRiskCard({ fireRisk, error }: { fireRisk: FireRisk | undefined; error: Error | null }) {
  return (
    <Card>
      <CardHeader
        title="Satellite Fire Detections"
        description="Active-fire detections within 50 km of the property."
        icon={<Flame aria-hidden="true" className="size-5 text-red-600" />}
        action={fireRisk ? <LevelBadge score={fireRisk.riskScore} /> : null}
      />
      <CardContent className="text-sm">
        {error ? <p className="text-slate-600">The fire-detection reading is unavailable ({error.message}); the rest of the analysis is unaffected.</p> : null}
        {!error && !fireRisk ? <p className="text-slate-600">Reading satellite detections…</p> : null}
        {fireRisk ? (
          <dl className="grid grid-cols-2 gap-3">
            <div><dt className="text-slate-500">Fire risk score</dt><dd className="text-lg font-semibold" data-testid="fire-risk-score">{formatHazardScore(fireRisk.riskScore)}</dd></div>
            <div><dt className="text-slate-500">Detections within {fireRisk.radiusKm} km</dt><dd className="text-lg font-semibold">{fireRisk.nearbyFires.toLocaleString('en-AU')}</dd></div>
            <div><dt className="text-slate-500">Closest detection</dt><dd className="font-medium">{fireRisk.closestFireDistance === null ? 'None in range' : `${fireRisk.closestFireDistance.toFixed(1)} km`}</dd></div>
            <div><dt className="text-slate-500">Total fire radiative power</dt><dd className="font-medium">{Math.round(fireRisk.totalFRP).toLocaleString('en-AU')} MW</dd></div>
            <div className="col-span-2 text-xs text-slate-600">
              Source: {SOURCE_LABEL[fireRisk.dataSource]}, detections from {formatLongDate(fireRisk.period.from)} to {formatLongDate(fireRisk.period.to)}.
              {fireRisk.note ? ` ${fireRisk.note}` : ''}
            </div>
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
