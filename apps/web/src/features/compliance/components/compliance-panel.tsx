import { ShieldCheck } from 'lucide-react';
import { PORTFOLIO_LVR_BAND_LABELS, type ComplianceOverview } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { formatAud, formatLongDate } from '../../../lib/format.ts';
import { useComplianceOverview } from '../api/get-compliance-overview.ts';
import { useLatestPortfolioSummary } from '../api/get-latest-portfolio.ts';
import { LvrAnalysis, type ComplianceSubject } from './lvr-analysis.tsx';
import { ToleranceForm } from './tolerance-form.tsx';
import { COMPLIANCE_STATUS_TONE } from '../../../lib/compliance-tone.ts';

const STATUS_TONE = { pass: 'green', fail: 'red', not_checked: 'neutral' } as const;
const PRIORITY_TONE = { high: 'red', medium: 'yellow', low: 'neutral' } as const;

function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  return `${formatLongDate(iso)} ${new Date(iso).toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Sydney' })}`;
}

function RegulationCards({ regulations }: { regulations: ComplianceOverview['regulations'] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      {regulations.map((regulation) => (
        <Card key={regulation.id} role="region" aria-label={regulation.name}>
          <CardHeader level={3} title={regulation.name} />
          <CardContent className="space-y-2">
            <p className="text-2xl font-bold text-slate-900" title="Checks passed over all checks: one not checked counts as not passed">{`${regulation.score}%`}</p>
            <Badge tone={COMPLIANCE_STATUS_TONE[regulation.status]}>{regulation.label}</Badge>
            <p className="text-xs text-slate-600">{regulation.summary}</p>
            <p className="text-xs text-slate-600">{`Last audit: ${formatDateTime(regulation.lastAudit)}`}</p>
            <ul className="space-y-1 text-xs">
              {regulation.checks.map((item) => (
                <li key={item.label} className="flex items-start gap-2">
                  <Badge tone={STATUS_TONE[item.status]}>{item.statusLabel}</Badge>
                  <span title={item.detail}>{item.label}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function Resilience({ resilience }: { resilience: ComplianceOverview['resilience'] }) {
  const openIncidents = resilience.incidents.filter((incident) => incident.resolvedAt === null);
  return (
    <Card>
      <CardHeader level={3} title="Operational Resilience" description="CPS 230 evidence measured by PropGuard: availability and latency from the health checks kept in the database" />
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Critical operations and tolerances">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Critical operations and tolerances</h4>
          <p className="mb-2 text-xs text-slate-600">The measurements are PropGuard&apos;s, the same for every lender; the tolerances and the incidents held against them are your workspace&apos;s (dependencies you have not set use PropGuard&apos;s default, marked default). Owners set them.</p>
          <table className="w-full text-left text-xs">
            <thead><tr className="text-slate-600"><th>Dependency</th><th>Status</th><th>Availability 24 h</th><th>p95 latency</th><th>Tolerance</th></tr></thead>
            <tbody>
              {resilience.dependencies.map((dependency) => (
                <tr key={dependency.id} className="border-t border-slate-100">
                  <td className="py-1">{dependency.name}</td>
                  <td>{dependency.status.replace('_', ' ')}</td>
                  <td>{dependency.availability24hPct === null ? 'n/a' : `${dependency.availability24hPct}% (${dependency.samples24h} samples)`}</td>
                  <td>{dependency.p95LatencyMs24h === null ? 'n/a' : `${dependency.p95LatencyMs24h} ms`}</td>
                  <td>{`${dependency.tolerance.max_disruption_minutes} min, ${dependency.tolerance.min_availability_pct}%, ${dependency.tolerance.max_latency_ms} ms (${dependency.tolerance.source})`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ToleranceForm dependencies={resilience.dependencies} />
        </section>
        <section aria-label="Service providers">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Service providers</h4>
          <p className="text-xs text-slate-700">PropGuard is a material service provider to the lender; its own providers are the database, the NASA FIRMS fire feed, the certificate chain and the payments provider, each sampled every minute.</p>
        </section>
        <section aria-label="Incidents and notifications">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Incidents and notifications</h4>
          <p className="mb-2 text-xs text-slate-600">{`Clocks: ${resilience.clocks.materialIncidentHours} h for a material incident, ${resilience.clocks.outsideToleranceHours} h once a disruption outlasts its tolerance. ${resilience.clocks.source}`}</p>
          {resilience.incidents.length === 0 ? <p className="text-xs text-slate-700">No incidents logged.</p> : (
            <ul className="space-y-1 text-xs">
              {resilience.incidents.slice(0, 8).map((incident) => (
                <li key={incident.id}>
                  <Badge tone={incident.resolvedAt ? 'neutral' : 'red'}>{incident.resolvedAt ? 'resolved' : 'open'}</Badge>{' '}
                  {`${incident.dependency}: ${incident.breach}; opened ${formatDateTime(incident.openedAt)}, ${incident.disruptionMinutes} min; 72 h notice by ${formatDateTime(incident.notifyMaterialBy)}${incident.notifyOutsideToleranceBy ? `; 24 h notice by ${formatDateTime(incident.notifyOutsideToleranceBy)}` : ''}`}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 text-xs text-slate-600">{`${openIncidents.length} open`}</p>
        </section>
        <section aria-label="Business continuity">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Business continuity</h4>
          <ul className="space-y-1 text-xs">
            {resilience.businessContinuity.map((item) => <li key={item.label}><Badge tone={STATUS_TONE[item.status]}>{item.statusLabel}</Badge> <span title={item.detail}>{item.label}</span></li>)}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

const BAND_COLOURS = ['bg-green-500', 'bg-lime-500', 'bg-yellow-500', 'bg-orange-500', 'bg-red-500'];

function DistributionBars({ buckets, total }: { buckets: readonly { label: string; count: number; className: string }[]; total: number }) {
  return (
    <>
      {buckets.map((bucket) => {
        const share = total === 0 ? 0 : bucket.count / total;
        return (
          <div key={bucket.label} className="text-sm">
            <div className="flex justify-between"><span>{bucket.label}</span><span>{`${bucket.count.toLocaleString('en-AU')} (${Math.round(share * 100)}%)`}</span></div>
            <div className="h-2 rounded bg-slate-100"><div className={`h-2 rounded ${bucket.className}`} style={{ width: `${share * 100}%` }} /></div>
          </div>
        );
      })}
    </>
  );
}

/**
 * The portfolio LVR distribution: the latest completed portfolio's loan book when there is one
 * (issue 15), else the loans assessed one by one on this tab.
 */
function Portfolio({ portfolio }: { portfolio: ComplianceOverview['portfolio'] }) {
  const latest = useLatestPortfolioSummary();
  const summary = latest.data?.summary;
  if (summary) {
    const buckets = summary.lvr.today.map((band, index) => ({ label: PORTFOLIO_LVR_BAND_LABELS[band.band], count: band.loans, className: BAND_COLOURS[index] ?? 'bg-slate-400' }));
    const averageLvr = summary.totals.averageLvr;
    return (
      <Card>
        <CardHeader
          level={3}
          title="Portfolio Risk Distribution"
          description={`Latest completed portfolio: ${summary.loans.assessed.toLocaleString('en-AU')} of ${summary.loans.total.toLocaleString('en-AU')} loans assessed${averageLvr === null ? '' : `, average LVR ${(averageLvr * 100).toFixed(1)}%`}`}
        />
        <CardContent className="space-y-2">
          <DistributionBars buckets={buckets} total={summary.loans.assessed} />
          <p className="text-xs text-slate-600">{`${summary.lmi.loans.toLocaleString('en-AU')} loans need LMI; minimum capital ${formatAud(summary.totals.minimumCapitalAud)} on ${formatAud(summary.totals.riskWeightedAssetsAud)} of risk-weighted assets.`}</p>
        </CardContent>
      </Card>
    );
  }
  const buckets = [
    { label: 'LVR at or below 60%', count: portfolio.low, className: 'bg-green-500' },
    { label: 'LVR 60-80%', count: portfolio.medium, className: 'bg-yellow-500' },
    { label: 'LVR above 80%', count: portfolio.high, className: 'bg-red-500' },
  ];
  return (
    <Card>
      <CardHeader level={3} title="Portfolio Risk Distribution" description={`No portfolio uploaded yet: ${portfolio.total} loan(s) assessed on this tab${portfolio.averageLvr === null ? '' : `, average LVR ${(portfolio.averageLvr * 100).toFixed(1)}%`}`} />
      <CardContent className="space-y-2">
        <DistributionBars buckets={buckets} total={portfolio.total} />
      </CardContent>
    </Card>
  );
}

/** The APRA Compliance tab: lending rules and the CPS 230 evidence behind the header badge. */
export function CompliancePanel({ subject = null }: { subject?: ComplianceSubject | null }) {
  const overview = useComplianceOverview();
  const data = overview.data;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          level={2}
          title="APRA Compliance"
          description="CPS 230 operational resilience, NCCP, Basel III and CPS 234, with LVR analysis at 80, 90 and 95 percent."
          icon={<ShieldCheck aria-hidden="true" className="size-5 text-green-600" />}
        />
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-700">
            Software cannot be compliant by itself: PropGuard supports your CPS 230 obligations, the dashboard&rsquo;s CPS
            230 badge shows the status of the CPS 230 checks below, and this tab shows the evidence.
          </p>
          {overview.isError ? <Notice>{`Compliance evidence could not be loaded: ${(overview.error as Error).message}`}</Notice> : null}
          {overview.isPending ? <p className="text-sm text-slate-600">Measuring...</p> : null}
          {data ? <RegulationCards regulations={data.regulations} /> : null}
        </CardContent>
      </Card>
      {data ? <Resilience resilience={data.resilience} /> : null}
      <LvrAnalysis subject={subject} />
      {data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Portfolio portfolio={data.portfolio} />
          <Card>
            <CardHeader level={3} title="Regulatory Reporting Schedule" />
            <CardContent>
              <ul className="space-y-2 text-sm">
                {data.reporting.map((item) => (
                  <li key={item.report} className="flex items-start justify-between gap-2">
                    <span>{item.report}<span className="block text-xs text-slate-600">{`${item.regulation}, ${item.frequency}, due ${formatLongDate(item.dueDate)}`}</span></span>
                    <Badge tone={item.status === 'Prepared' ? 'green' : item.status === 'In Progress' ? 'blue' : 'neutral'}>{item.status}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card className="lg:col-span-2">
            <CardHeader level={3} title="Active Compliance Items" />
            <CardContent>
              {data.activeItems.length === 0 ? <p className="text-sm text-slate-700">No open items.</p> : (
                <ul className="space-y-1 text-sm">
                  {data.activeItems.map((item) => <li key={item.text}><Badge tone={PRIORITY_TONE[item.priority]}>{item.priority}</Badge> {item.text}</li>)}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card className="lg:col-span-2">
            <CardHeader level={3} title="Valuation Audit Trail" description={`${data.audit.total} valuation(s) and loan assessment(s) recorded`} />
            <CardContent>
              <ul className="space-y-1 text-xs">
                {data.audit.entries.slice(0, 10).map((entry) => (
                  <li key={entry.id}>{`${formatDateTime(entry.recordedAt)}: ${entry.kind}, ${entry.subject}, model ${entry.modelVersion}; data: ${entry.dataSources.slice(0, 3).join(', ')}`}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
