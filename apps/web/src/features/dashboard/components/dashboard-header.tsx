import { Brain, ShieldCheck } from 'lucide-react';
import { COMPLIANCE_STATUS_LABELS, type ComplianceOverview } from '@propguard/schemas';
import { getBadgeClasses } from '../../../components/ui/badge.tsx';
import { COMPLIANCE_STATUS_TONE } from '../../../lib/compliance-tone.ts';

type Cps230Status = ComplianceOverview['regulations'][number]['status'];

type DashboardHeaderProps = {
  /** The CPS 230 card's status from the measured checks (null while loading or when it cannot be read). */
  cps230Status: Cps230Status | null;
  onShowCompliance: () => void;
};


/**
 * The badge's words and tone: "APRA CPS 230 Compliant" only when every CPS 230 check ran and passed;
 * otherwise the card's status in the same words as the APRA tab ("Review required", "Not fully checked").
 */
function describeCps230(status: Cps230Status | null): { label: string; tone: 'green' | 'yellow' | 'neutral' } {
  if (status === null) return { label: 'APRA CPS 230 evidence', tone: 'neutral' };
  if (status === 'compliant') return { label: 'APRA CPS 230 Compliant', tone: 'green' };
  return { label: `APRA CPS 230: ${COMPLIANCE_STATUS_LABELS[status]}`, tone: COMPLIANCE_STATUS_TONE[status] };
}

/**
 * The dashboard's title and its two badges. Software cannot be compliant by itself (DESIGN.md
 * section 1): the CPS 230 badge means "supports your CPS 230 obligations", reads the CPS 230 card's
 * status, measured by the compliance overview's checks, and opens the APRA Compliance tab, where the
 * evidence is shown.
 */
export function DashboardHeader({ cps230Status, onShowCompliance }: DashboardHeaderProps) {
  const badge = describeCps230(cps230Status);
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
          className={getBadgeClasses(badge.tone, 'cursor-pointer py-1 hover:brightness-95')}
        >
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          {badge.label}
        </button>
        <span className={getBadgeClasses('blue', 'py-1')}>
          <Brain aria-hidden="true" className="size-3.5" />
          AI-Powered
        </span>
      </div>
    </div>
  );
}
