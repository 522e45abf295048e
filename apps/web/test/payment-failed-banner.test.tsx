// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription, SubscriptionStatus } from '@propguard/schemas';
import { PaymentFailedBanner } from '../src/features/settings/components/payment-failed-banner.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answerSubscription(status: SubscriptionStatus) {
  const subscription: Subscription = { plan: 'professional', status, trial_end: null, current_period_end: '2026-12-28', next_billing_date: '2026-12-28', cancel_at_period_end: false, scheduled_plan: null, payment_method: 'Visa ending 4242', provider: 'stripe' };
  const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, subscription }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderBanner = (isEnabled: boolean) => render(<QueryClientProvider client={new QueryClient()}><MemoryRouter><PaymentFailedBanner isEnabled={isEnabled} /></MemoryRouter></QueryClientProvider>);

describe('the past-due banner', () => {
  it('says the last payment failed and links to Settings while the subscription is past due', async () => {
    answerSubscription('past_due');
    renderBanner(true);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toMatch(/Your last payment failed\. Please update your payment method/);
    expect(screen.getByRole('link', { name: /Settings, Plan and billing/ }).getAttribute('href')).toBe('/settings');
  });

  it('shows nothing for a subscription in good standing, and asks nothing for a signed-out visitor', async () => {
    const fetch = answerSubscription('active');
    const { container } = renderBanner(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(container.textContent).toBe('');
    cleanup();
    const signedOut = answerSubscription('past_due');
    renderBanner(false);
    expect(signedOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
