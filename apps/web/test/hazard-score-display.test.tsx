// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClimateDashboard, ClimateMetric, HazardAssessment, MitigationItem } from '@propguard/schemas';
import { ClimateDashboardPanel } from '../src/features/risk/components/climate-dashboard-panel.tsx';
import { ClimateMetricsCard } from '../src/features/risk/components/climate-metrics-card.tsx';
import { ClimateRiskAssessmentCard } from '../src/features/risk/components/climate-risk-assessment-card.tsx';
import { HazardAssessmentList } from '../src/features/risk/components/hazard-assessment-list.tsx';

afterEach(cleanup);

const card = (hazard: HazardAssessment['hazard'], score: number): HazardAssessment => ({
  hazard,
  label: hazard,
  score,
  level: score >= 70 ? 'High' : score >= 40 ? 'Medium' : 'Low',
  scoreRange: { low: score, high: score },
  baselineScore: score,
  hasData: true,
  dataNote: null,
  factors: [],
  dataUsed: [],
  method: 'test-v1',
  expectedAnnualDamage: { label: 'band', minPctPerYear: 0, maxPctPerYear: 1 },
  scenario: 'high',
  year: 2025,
});

const notPaying: MitigationItem = {
  hazard: 'fire',
  type: 'Bushfire hardening',
  priority: 'Low',
  costAud: 25_000,
  annualBenefitAud: 164,
  roiYears: 152.4,
  serviceLifeYears: 20,
  paysForItself: false,
  payback: 'Does not pay for itself within 20 years (its assumed service life)',
  protectsAgainst: 'Ember attack and radiant heat in a bushfire',
  costAssumptions: '$25,000 for ember screens and gutter guards',
  timeline: '1-3 months',
  impact: 'Cuts expected bushfire damage by about 40%',
  actions: ['Ember screens'],
  rule: 'mitigation-v1',
};

const assessments = (['flood', 'fire', 'coastal', 'subsidence', 'cyclone', 'earthquake'] as const).map((hazard, i) => card(hazard, [43, 30, 12, 5, 71, 8][i]!));
const dashboard = {
  report: { location: { lat: -33.9, lng: 151.2 }, locality: null, region: { id: 'NSW', name: 'NSW' }, scenario: 'high', year: 2025, assessments, overall: { score: 52, level: 'Medium', method: 'overall-v1' }, projectionTable: { id: 't', version: '1' } },
  cards: assessments.filter((a) => ['flood', 'fire', 'coastal', 'cyclone'].includes(a.hazard)),
  projections: [{ year: 2050, scenario: 'high', warmingLevelC: 2.1, temperatureChangeC: 1.3, rainfallChangePct: 6.9, seaLevelRiseM: 0.2, floodRisk: 47, fireRisk: 33, sources: ['IPCC'] }],
  tenYear: [],
  recommendations: [notPaying],
  metrics: [],
  metricsAt: { scenario: 'high', year: 2050, warmingLevelC: 2.1 },
  metricsNotHeld: [],
  propertyValueAud: 1_000_000,
} satisfies ClimateDashboard;

describe('hazard scores read x/100 on every screen (issue 33: the Risk Analysis tab showed "43%")', () => {
  it('the Climate Risk Assessment card', () => {
    render(<ClimateRiskAssessmentCard isDemo={false} scores={{ flood: 43, fire: 71, coastal: null, cyclone: 0, earthquake: 5, subsidence: 2 }} />);
    expect(screen.getByText('43/100')).toBeTruthy();
    expect(screen.getByText('71/100')).toBeTruthy();
    expect(screen.queryByText(/\d+%/)).toBeNull();
    expect(screen.getByText('No data for this place')).toBeTruthy();
  });

  it('the six hazards list and the Climate Risk Projections cards and table', () => {
    render(<HazardAssessmentList report={dashboard.report} />);
    expect(screen.getAllByText('43/100').length).toBeGreaterThan(0);
    expect(screen.getByText(/Overall 52\/100/)).toBeTruthy();
    cleanup();
    render(<ClimateDashboardPanel climate={dashboard} scenario="high" onScenarioChange={() => {}} />);
    expect(within(screen.getByTestId('climate-card-flood')).getByText('43/100')).toBeTruthy();
    expect(within(screen.getByTestId('climate-card-cyclone')).getByText('71/100')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Climate projections' });
    expect(within(table).getByText('47/100')).toBeTruthy();
    expect(within(table).getByText('33/100')).toBeTruthy();
  });
});

describe('mitigation on the Climate dashboard', () => {
  it('says it does not pay for itself instead of "payback 152.4 years", with what it protects against and its cost assumptions', () => {
    render(<ClimateDashboardPanel climate={dashboard} scenario="high" onScenarioChange={() => {}} />);
    const item = screen.getByTestId('mitigation-item');
    expect(within(item).getByTestId('mitigation-payback').textContent).toBe('Does not pay for itself within 20 years (its assumed service life)');
    expect(within(item).queryByText(/152/)).toBeNull();
    expect(within(item).getByText(/Ember attack and radiant heat/)).toBeTruthy();
    expect(within(item).getByText(/\$25,000 for ember screens/)).toBeTruthy();
  });
});

describe('Climate Metrics card', () => {
  const metric = (id: ClimateMetric['id'], value: number, unit: string, isChange: boolean): ClimateMetric => ({ id, label: id, value, unit, isChange, range: { low: value - 1, high: value + 1 }, today: isChange ? null : value - 5, detail: 'detail', source: 'ACS', scenario: 'High emissions (SSP3-7.0), 2050' });
  it('shows the figures held with their sign, range and scenario, and names what is not held once, never "Not available"', () => {
    render(<ClimateMetricsCard metrics={[metric('hotDays', 54, 'days/yr', false), metric('wettestDay', 6.9, '%', true)]} at={{ scenario: 'high', year: 2050, warmingLevelC: 2.1 }} notHeld={['humidity', 'UV index']} year={2050} onYearChange={() => {}} />);
    expect(within(screen.getByTestId('climate-metric-hotDays')).getByText('54 days/yr')).toBeTruthy();
    expect(within(screen.getByTestId('climate-metric-hotDays')).getByText('Today: 49 days/yr')).toBeTruthy();
    expect(within(screen.getByTestId('climate-metric-wettestDay')).getByText('+6.9 %')).toBeTruthy();
    expect(screen.getByText(/holds no humidity, UV index data/)).toBeTruthy();
    expect(screen.queryByText(/Not available/)).toBeNull();
    expect(screen.getAllByText(/SSP3-7\.0/).length).toBe(2);
  });
});
