// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClimateRiskAssessmentCard } from '../src/features/risk/components/climate-risk-assessment-card.tsx';

afterEach(cleanup);

describe('hazard scores on the Risk Analysis tab', () => {
  it('reads x/100, as on every other tab, not a percentage (issue 28: "43%" here, "43/100" on the next tab)', () => {
    render(<ClimateRiskAssessmentCard isDemo={false} scores={{ flood: 43, fire: 71, coastal: null, cyclone: 0, earthquake: 5, subsidence: 2 }} />);
    expect(screen.getByText('43/100')).toBeTruthy();
    expect(screen.getByText('71/100')).toBeTruthy();
    expect(screen.queryByText(/\d+%/)).toBeNull();
    expect(screen.getByText('No data for this place')).toBeTruthy();
  });
});
