import { useEffect, useId, useState } from 'react';
import type { FinancialImpactRequestInput } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { formatAud } from '../../../lib/format.ts';
import { useLoanPreview, useRecordLoan } from '../api/assess-loan.ts';
import { COMPLIANCE_STATUS_TONE } from '../../../lib/compliance-tone.ts';

/** The analysed property, handed in by the route (features do not import each other). */
export type ComplianceSubject = { address: string; valuationAud: number; lat: number; lng: number };

const DEBOUNCE_MS = 300;
/** The loan's statuses, each from its checks (compliant only when every check ran and passed). */
const LOAN_STATUS_ROWS = [
  { key: 'lvr', label: 'LVR' },
  { key: 'nccp', label: 'NCCP' },
  { key: 'basel3', label: 'Basel III (APS 112)' },
] as const;
const pct = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)}%`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** LVR analysis of the analysed property with a loan amount the user changes (default 80% LVR). */
export function LvrAnalysis({ subject }: { subject: ComplianceSubject | null }) {
  const inputId = useId();
  const [loanText, setLoanText] = useState('');
  const [debounced, setDebounced] = useState('');
  // The route builds a new subject object on each render: reset the loan only when the valuation changes.
  const valuationAud = subject?.valuationAud ?? null;
  useEffect(() => {
    setLoanText(valuationAud === null ? '' : String(Math.round(valuationAud * 0.8)));
  }, [valuationAud]);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(loanText), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [loanText]);
  const loanAmount = Number.parseInt(debounced.replace(/[^0-9]/g, ''), 10);
  const body: FinancialImpactRequestInput | null = subject && loanAmount > 0
    ? { property_data: { valuation: subject.valuationAud, address: subject.address, lat: subject.lat, lng: subject.lng }, loan_amount: loanAmount }
    : null;
  const preview = useLoanPreview(body);
  const record = useRecordLoan();
  const assessment = preview.data?.assessment;

  return (
    <Card>
      <CardHeader level={3} title="LVR Analysis" description={subject ? `${subject.address}, valued at ${formatAud(subject.valuationAud)}` : undefined} />
      <CardContent className="space-y-4">
        {!subject ? (
          <Notice>Analyse a property on the Dashboard tab to see its LVR, LMI, APS 112 risk weight and serviceability here.</Notice>
        ) : (
          <>
            <Field label="Loan amount (AUD)" htmlFor={inputId} hint="Owner-occupier, principal and interest, 6% over 30 years unless stated">
              <Input id={inputId} inputMode="numeric" value={loanText} onChange={(event) => setLoanText(event.target.value)} />
            </Field>
            {preview.isError ? <Notice>{(preview.error as Error).message}</Notice> : null}
            {assessment ? (
              <div className="grid gap-4 md:grid-cols-2">
                <dl aria-label="LVR figures">
                  <Row label="LVR">{pct(assessment.lvr.ratio)}</Row>
                  <Row label="APS 112 LVR band">{assessment.lvr.band}</Row>
                  <Row label="LMI">{assessment.lmi.isRequired ? 'Required (above 80%)' : 'Not required'}</Row>
                  <Row label="Risk weight">{`${pct(assessment.capital.riskWeight, 0)} (without LMI ${pct(assessment.capital.riskWeightWithoutLmi, 0)}, with ${pct(assessment.capital.riskWeightWithLmi, 0)})`}</Row>
                  <Row label="Risk-weighted assets">{formatAud(assessment.capital.riskWeightedAssetsAud)}</Row>
                  <Row label="Minimum capital (8%)">{formatAud(assessment.capital.minimumCapitalAud)}</Row>
                </dl>
                <dl aria-label="Thresholds and climate">
                  <Row label="Loan at 80% LVR">{formatAud(assessment.lvr.thresholds['80_percent'])}</Row>
                  <Row label="Loan at 90% LVR">{formatAud(assessment.lvr.thresholds['90_percent'])}</Row>
                  <Row label="Loan at 95% LVR">{formatAud(assessment.lvr.thresholds['95_percent'])}</Row>
                  <Row label="Repayment at rate + 3 pp">{`${formatAud(assessment.serviceability.assessedMonthlyRepaymentAud)} a month at ${assessment.serviceability.assessmentRatePct}%`}</Row>
                  <Row label="2050 climate-adjusted LVR">{assessment.climate.climateAdjustedLvr === null ? (assessment.climate.reason ?? 'Not available') : pct(assessment.climate.climateAdjustedLvr)}</Row>
                  <Row label="Risk category">{assessment.riskCategory}</Row>
                </dl>
                <div className="flex flex-wrap items-center gap-2 md:col-span-2">
                  <Badge tone="blue">{`Lending safety score ${assessment.complianceScore}/100 (${assessment.complianceScoreScale})`}</Badge>
                  <Badge tone={COMPLIANCE_STATUS_TONE[assessment.complianceStatus]}>{`Loan checks: ${assessment.complianceStatusLabel}`}</Badge>
                  <Button size="sm" variant="secondary" disabled={!body || record.isPending} onClick={() => body && record.mutate(body)}>
                    {record.isPending ? 'Recording...' : 'Record in portfolio'}
                  </Button>
                  {record.isSuccess ? <span className="text-xs text-slate-600">Recorded as assessment {record.data.assessment_id}</span> : null}
                </div>
                <dl aria-label="Loan statuses" className="md:col-span-2">
                  {LOAN_STATUS_ROWS.map(({ key, label }) => (
                    <Row key={key} label={label}>
                      <Badge tone={COMPLIANCE_STATUS_TONE[assessment.statuses[key].status]}>{assessment.statuses[key].label}</Badge>{' '}
                      <span className="text-xs font-normal text-slate-600">{assessment.statuses[key].summary}</span>
                    </Row>
                  ))}
                </dl>
                <details className="text-xs text-slate-600 md:col-span-2">
                  <summary>How the score and the statuses are computed</summary>
                  <p className="mt-1">{assessment.complianceFormula}</p>
                  <ul className="mt-1 list-inside list-disc">
                    {assessment.complianceDeductions.map((deduction) => <li key={deduction.rule}>{`${deduction.rule}: -${deduction.points}`}</li>)}
                    {assessment.assumptions.map((line) => <li key={line}>{line}</li>)}
                    {LOAN_STATUS_ROWS.flatMap(({ key, label }) => assessment.statuses[key].checks.map((item) => <li key={`${key}-${item.label}`}>{`${label}: ${item.label}: ${item.statusLabel} (${item.detail})`}</li>))}
                  </ul>
                </details>
              </div>
            ) : preview.isFetching ? <p className="text-sm text-slate-600">Assessing...</p> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
