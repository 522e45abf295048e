import { expect, test, type Page } from '@playwright/test';
import { readMailedToken } from './fixtures/account-mail.ts';

// Issue 30, with AUTH_MODE=required (the server of the "required-auth" project in playwright.config.ts):
// a page that needs an account opens the sign-in page and comes back to it once signed in; a 401
// is never developer text nor "not found"; a Starter workspace past its quota sees the refusal
// with the upgrade path, never demo data; Starter's API keys panel says why it has no keys.

const PASSWORD = 'correct horse battery 9';

/** The API answers of the page that were 401s, by path. */
function watchUnauthenticated(page: Page): string[] {
  const paths: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) paths.push(new URL(response.url()).pathname);
  });
  return paths;
}

async function signInWithForm(page: Page, email: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('signing in where a page needs it (AUTH_MODE=required)', () => {
  test('a signed-out visitor is sent to sign in (sign up by mail) and back to the page asked for, then to a report link after signing in again', async ({ page }) => {
    test.setTimeout(120_000);
    const unauthenticated = watchUnauthenticated(page);
    const email = `e2e-required-${Date.now()}@example.com`;

    // The dashboard is open to a visitor: no workspace data is asked for (no 401s, no redirect).
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'APRA CPS 230 evidence' })).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(unauthenticated).toEqual([]);
    await expect(page).toHaveURL(/\/$/);

    // The portfolio page needs an account: the sign-in page, in user words, remembering where to go back.
    await page.goto('/portfolio');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fportfolio$/);
    await expect(page.getByRole('heading', { name: 'Sign in to PropGuard' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Bearer');
    await expect(page.locator('body')).not.toContainText('pg_');

    // Sign up here; the mailed link signs in and comes back to /portfolio.
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill(PASSWORD);
    await page.getByLabel('Workspace name').fill('Required Mode Lending');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(email);
    await page.goto(`/account?signup_token=${await readMailedToken(email, 'signup_token')}`);
    await expect(page).toHaveURL(/\/portfolio$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Portfolio', exact: true })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(email, { timeout: 20_000 });

    // A report of this workspace, then signed out: its link asks to sign in, never "Report Not Found".
    const created = await page.request.post('/api/realty/valuation-report', { data: { address: '85 Turner St, Abbotsford VIC 3067', template: 'lending-summary' } });
    expect(created.status(), await created.text()).toBe(200);
    const { report } = (await created.json()) as { report: { report_id: string } };
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto(`/report/${report.report_id}`);
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=%2Freport%2F${report.report_id}$`));
    await expect(page.getByText('Report Not Found')).toHaveCount(0);
    await signInWithForm(page, email);
    await expect(page).toHaveURL(new RegExp(`/report/${report.report_id}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Report Not Found');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  });

  test('a Starter workspace past its 5 valuations sees the refusal with the upgrade path, never demo data; its API keys panel says why it has none', async ({ page }) => {
    test.setTimeout(120_000);
    const email = `e2e-quota-${Date.now()}@example.com`;
    const signup = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD, workspace_name: 'Quota Lending' } });
    expect(signup.status()).toBe(200);
    await page.goto(`/account?signup_token=${await readMailedToken(email, 'signup_token')}`);
    await expect(page).toHaveURL(/\/settings$/, { timeout: 20_000 });

    // Settings: no "Create key" on Starter, the reason and the way to Professional instead.
    await expect(page.getByTestId('api-keys-unavailable')).toContainText('The Starter plan has no API access, so it has no API keys. API access comes with Professional');
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
    await expect(page.getByTestId('plan-inclusions')).toHaveText('Your Starter plan includes 5 valuations a month. Only calls beyond that are billable, at the API prices.');

    // Use up the month's 5 valuations (the browser's session cookie).
    for (let call = 0; call < 5; call += 1) {
      const answer = await page.request.post('/api/valuations', { data: { address: '12 Collins Street, Melbourne VIC 3000' } });
      expect(answer.status(), await answer.text()).toBe(200);
    }

    await page.goto('/');
    await expect(page.getByRole('radio', { name: /Auto/ })).toBeChecked();
    await page.getByRole('button', { name: 'Try the demo address: 123 Collins Street' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Analysis failed' });
    await expect(refusal).toContainText('You have used your 5 valuations this month');
    await expect(page.getByTestId('analysis-data-source')).toHaveCount(0);
    await expect(page.getByText('$12,500,000')).toHaveCount(0);
    await refusal.getByRole('button', { name: 'See plans and upgrade' }).click();
    await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('group', { name: 'Professional' }).getByRole('button', { name: 'Start Free Trial' })).toBeVisible();

    // The API keys panel's link opens the same Pricing tab.
    await page.goto('/settings');
    await page.getByTestId('api-keys-unavailable').getByRole('link', { name: 'See plans and upgrade' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
  });
});
