// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stressPortfolio, type StressLoan } from '@propguard/engines';
import { stressScenarioSchema } from '@propguard/schemas';
import { StressPanel } from '../src/features/portfolio/components/stress-panel.tsx';

const LOANS: StressLoan[] = [
  { loanId: 'MEL-001', suburb: 'ABBOTSFORD', state: 'VIC', lat: -37.7996, lng: 144.9984, valueAud: 1_480_000, loanAmountAud: 1_110_000, purpose: 'owner_occupier', repayment: 'principal_and_interest', interestRatePct: 6.2, termYears: 30, grossAnnualIncomeAud: 260_000, floodScore: 20, fireScore: 5 },
  { loanId: 'MEL-002', suburb: 'AIRPORT WEST', state: 'VIC', lat: -37.7294, lng: 144.888, valueAud: 670_000, loanAmountAud: 570_000, purpose: 'investor', repayment: 'interest_only', interestRatePct: 6.2, termYears: 30, floodScore: 10, fireScore: 5 },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Stress tab', () => {
  it('sends the form as a scenario and shows base against stressed with the traces', async () => {
    const requests: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      const scenario = stressScenarioSchema.parse(JSON.parse(String(init.body)));
      requests.push(scenario);
      return new Response(JSON.stringify({ portfolioId: 'p1', result: stressPortfolio(LOANS, scenario) }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }));
    render(<QueryClientProvider client={new QueryClient()}><StressPanel portfolioId="p1" /></QueryClientProvider>);
    fireEvent.change(screen.getByLabelText('House prices'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Where prices fall'), { target: { value: 'city:MELBOURNE' } });
    fireEvent.change(screen.getByLabelText('Interest rates'), { target: { value: 'none' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run stress test' }));

    await screen.findByRole('heading', { name: 'Base case against stressed' });
    expect(requests).toEqual([{ priceShock: { dropPct: 30, region: { kind: 'city', city: 'MELBOURNE' } }, rateShock: null, hazardEvent: null }]);
    expect(screen.getByText(/House prices down 30% in Melbourne/)).toBeTruthy();
    // 1,110,000 / (1,480,000 x 0.7) = 107%: above 80% and 100%; 570,000 / 469,000 = 122%: both too.
    const above100 = screen.getByRole('row', { name: /Loans above 100% LVR/ });
    expect(within(above100).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '2', '+2']);
    expect(within(above100).getByText(/2 crossed into it/)).toBeTruthy();
    expect(screen.getByRole('row', { name: /MEL-001/ }).textContent).toContain('$1,036,000');
  });

  it('an empty scenario cannot be sent', () => {
    render(<QueryClientProvider client={new QueryClient()}><StressPanel portfolioId="p1" /></QueryClientProvider>);
    fireEvent.change(screen.getByLabelText('House prices'), { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('Interest rates'), { target: { value: 'none' } });
    expect((screen.getByRole('button', { name: 'Run stress test' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose at least one shock.')).toBeTruthy();
  });
});
