import type { HazardAssessment } from '@propguard/schemas';
import { cn } from '../../../lib/cn.ts';

const EFFECT_MARK: Record<HazardAssessment['factors'][number]['effect'], { symbol: string; className: string; text: string }> = {
  raises: { symbol: '▲', className: 'text-red-600', text: 'raises the score' },
  lowers: { symbol: '▼', className: 'text-green-700', text: 'lowers the score' },
  neutral: { symbol: '•', className: 'text-slate-400', text: 'no effect' },
};

/** The facts that drove a hazard score, each marked with the direction it pushed. */
export function HazardFactorList({ assessment, limit }: { assessment: HazardAssessment; limit?: number }) {
  const factors = limit === undefined ? assessment.factors : assessment.factors.slice(0, limit);
  return (
    <div className="space-y-2 text-sm">
      {assessment.dataNote ? <p className="rounded bg-yellow-50 p-2 text-yellow-900">{assessment.dataNote}</p> : null}
      <ul className="space-y-1">
        {factors.map((factor) => {
          const mark = EFFECT_MARK[factor.effect];
          return (
            <li key={factor.id} className="flex gap-2">
              <span aria-label={mark.text} className={cn('shrink-0', mark.className)}>{mark.symbol}</span>
              <span className="text-slate-700">{factor.label}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
