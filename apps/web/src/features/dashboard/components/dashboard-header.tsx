import { Brain, ShieldCheck } from 'lucide-react';
import { getBadgeClasses } from '../../../components/ui/badge.tsx';

type DashboardHeaderProps = { onShowCompliance: () => void };

/**
 * The dashboard's title and its two badges. Software cannot be compliant by itself (DESIGN.md
 * section 1): the CPS 230 badge opens the APRA Compliance tab, where the evidence is shown.
 */
export function DashboardHeader({ onShowCompliance }: DashboardHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">PropGuard</h1>
        <p className="mt-1 text-slate-600">
          Property valuation and climate-risk analysis for Australian real estate.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onShowCompliance}
          title="PropGuard supports your CPS 230 obligations: open the APRA Compliance tab to see the evidence"
          className={getBadgeClasses('green', 'cursor-pointer py-1 hover:bg-green-100')}
        >
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          APRA CPS 230 Compliant
        </button>
        <span className={getBadgeClasses('blue', 'py-1')}>
          <Brain aria-hidden="true" className="size-3.5" />
          AI-Powered
        </span>
      </div>
    </div>
  );
}
