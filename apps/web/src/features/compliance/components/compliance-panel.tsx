import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

/** The APRA Compliance tab: lending rules and the CPS 230 evidence behind the header badge. */
export function CompliancePanel() {
  return (
    <Card>
      <CardHeader
        level={2}
        title="APRA Compliance"
        description="CPS 230 operational resilience, NCCP, Basel III and CPS 234, with LVR analysis at 80, 90 and 95 percent."
        icon={<ShieldCheck aria-hidden="true" className="size-5 text-green-600" />}
      />
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700">
          Software cannot be compliant by itself: the &ldquo;APRA CPS 230 Compliant&rdquo; badge means PropGuard supports
          your CPS 230 obligations, and this tab shows the evidence.
        </p>
        <Notice>
          Compliance figures arrive with the lending-rules engine: LVR, LMI, APS 112 risk weights, the APG 223
          serviceability buffer, and CPS 230 evidence from PropGuard&apos;s measured uptime, latency and incidents.
        </Notice>
      </CardContent>
    </Card>
  );
}
