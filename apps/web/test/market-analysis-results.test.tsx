// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyseMarket, DEFAULT_LOAN, type MarketSale } from '@propguard/engines';
import { marketAnalysisSchema, type MarketAnalysis } from '@propguard/schemas';
import { MarketAnalysisResults } from '../src/features/market-analysis/components/market-analysis-results.tsx';

afterEach(cleanup);

let nextId = 1;
function sale(date: string, price: number, landSizeM2 = 500): MarketSale {
  return {
    id: nextId++, address: `${nextId} Test St`, suburb: 'TESTVILLE', state: 'NSW', postcode: '2999', propertyType: 'house', bedrooms: 3, bathrooms: 1,
    landSizeM2, buildingSizeM2: null, priceAud: price, saleDate: date, saleMethod: 'sold', hasRecordedMethod: false, isMarketSale: true,
  };
}

/** The engine's analysis, parsed by the API's schema as the page receives it. */
function analyse(sales: MarketSale[]): MarketAnalysis {
  const result = analyseMarket({
    location: 'Testville NSW', matched: 'suburb TESTVILLE (NSW)', propertyType: 'house', asAt: '2018-03-31', depth: 'basic', sales,
    groupOf: (item) => item.suburb, rent: { found: false, reason: 'No rent data outside Victoria' }, loan: DEFAULT_LOAN, dataSources: ['test'],
  });
  return marketAnalysisSchema.parse(result);
}

const show = (analysis: MarketAnalysis) => render(<MarketAnalysisResults status="success" error={null} analysis={analysis} onTryDifferentLocation={() => undefined} />);

describe('Market analysis results: the words beside the numbers', () => {
  it('shows an uncertain trend beside a large fall with a wide interval, never "Stable" (Parramatta NSW read "Stable" beside -35%)', () => {
    // Five scattered sales: growth -13.8%, 80% interval -59.9% to +85.1%.
    const analysis = analyse([sale('2017-01-10', 500_000), sale('2017-02-10', 900_000), sale('2017-03-10', 700_000), sale('2018-01-10', 350_000), sale('2018-03-10', 800_000)]);
    show(analysis);
    const growth = screen.getByText('Price growth (year on year)').parentElement!;
    expect(growth.textContent).toContain('-13.8%');
    expect(growth.textContent).toContain('80% interval -59.9% to +85.1%');
    const trend = screen.getByText(/^Price trend:/);
    expect(trend.textContent).toMatch(/^Price trend: uncertain \(Quality-adjusted growth -13\.8% \(80% interval -59\.9% to \+85\.1%\)/);
    expect(screen.queryByText(/Prices are steady/)).toBeNull();
    expect(screen.queryByText(/no falling trend/)).toBeNull();
    // No activity bar for an uncertain heat: the bar would be a figure the data do not give.
    expect(screen.queryByRole('meter', { name: 'Market activity' })).toBeNull();
    expect(screen.getByText(/^Market activity: not rated/)).toBeTruthy();
  });

  it('shows a falling trend and a cold market for the same homes selling 35% cheaper', () => {
    const sales: MarketSale[] = [];
    for (let month = 0; month < 15; month += 1) {
      const factor = month < 3 ? 1 : month >= 12 ? 0.65 : 1 - (0.35 * (month - 2)) / 10;
      const date = `${2017 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-10`;
      for (let i = 0; i < 8; i += 1) sales.push(sale(date, Math.round((300 + 100 * i) * 1000 * factor), 300 + 100 * i));
    }
    show(analyse(sales));
    expect(screen.getByText(/^Price trend:/).textContent).toMatch(/^Price trend: falling/);
    expect(screen.getByText(/^Market heat:/).textContent).toMatch(/^Market heat: cold/);
    expect(screen.getByRole('meter', { name: 'Market activity' }).getAttribute('aria-valuenow')).toBe('25');
  });
});
