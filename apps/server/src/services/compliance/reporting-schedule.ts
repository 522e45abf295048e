import { z } from 'zod';

/**
 * The regulatory reporting schedule shown on the APRA Compliance tab: configuration, edited here by
 * the lender (which returns, their cadence, and the day after the period end they fall due). The
 * due dates are computed from the current date; a status is "In Progress" within 30 days of the due
 * date, "Prepared" for evidence PropGuard produces itself (none yet: the CPS 230 evidence pack is
 * not produced, so it is not listed), else "Not Started".
 */
const scheduleSchema = z.array(
  z.object({
    report: z.string(),
    regulation: z.string(),
    frequency: z.enum(['monthly', 'quarterly', 'annual']),
    dueDaysAfterPeriod: z.number().int().min(0),
    producedByPropGuard: z.boolean(),
  }),
);

export const REPORTING_SCHEDULE = scheduleSchema.parse([
  { report: 'ARF 112.1A Standardised credit risk: on-balance sheet assets', regulation: 'APS 112 / Basel III', frequency: 'quarterly', dueDaysAfterPeriod: 28, producedByPropGuard: false },
  { report: 'ARF 223.0 Residential mortgage lending', regulation: 'APS 220 / APG 223', frequency: 'quarterly', dueDaysAfterPeriod: 28, producedByPropGuard: false },
  { report: 'CPS 234 information security control testing', regulation: 'CPS 234', frequency: 'annual', dueDaysAfterPeriod: 60, producedByPropGuard: false },
]);

const DAY_MS = 86_400_000;

function nextDueDate(frequency: 'monthly' | 'quarterly' | 'annual', dueDaysAfterPeriod: number, now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const periodEnds: Date[] = [];
  for (let offset = -12; offset <= 24; offset += 1) {
    const end = new Date(Date.UTC(year, month + offset, 0));
    const endMonth = end.getUTCMonth() + 1;
    if (frequency === 'monthly' || (frequency === 'quarterly' && endMonth % 3 === 0) || (frequency === 'annual' && endMonth === 6)) periodEnds.push(end);
  }
  const dues = periodEnds.map((end) => new Date(end.getTime() + dueDaysAfterPeriod * DAY_MS));
  return dues.find((due) => due.getTime() >= now.getTime()) ?? (dues.at(-1) as Date);
}

export function buildReportingSchedule(now: Date) {
  return REPORTING_SCHEDULE.map((item) => {
    const due = nextDueDate(item.frequency, item.dueDaysAfterPeriod, now);
    const status = item.producedByPropGuard ? 'Prepared' as const : due.getTime() - now.getTime() <= 30 * DAY_MS ? 'In Progress' as const : 'Not Started' as const;
    return { report: item.report, regulation: item.regulation, frequency: item.frequency, dueDate: due.toISOString().slice(0, 10), status };
  });
}
