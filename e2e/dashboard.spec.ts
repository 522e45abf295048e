import { expect, test } from '@playwright/test';

const TAB_NAMES = ['Dashboard', 'Risk Analysis', 'Blockchain', 'APRA Compliance', 'Reports', 'Pricing'];

test.describe('dashboard (/)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the header, both badges and six tabs with Dashboard selected', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'PropGuard' })).toBeVisible();
    const complianceBadge = page.getByRole('button', { name: /^APRA CPS 230( Compliant|: Review required|: Not fully checked)$/ });
    await expect(complianceBadge).toBeVisible();
    await expect(complianceBadge).toHaveAttribute('title', /supports your CPS 230 obligations/);
    await expect(page.getByText('AI-Powered')).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
    await expect(tabs).toHaveText(TAB_NAMES);
    await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
  });

  test('the address box starts empty with a placeholder; the demo address is a button that fills and analyses it', async ({ page }) => {
    const address = page.getByLabel('Property address');
    await expect(address).toHaveValue('');
    await expect(address).toHaveAttribute('placeholder', 'Start typing an Australian address');
    await expect(page.getByText('Enter a property address above to view comprehensive analysis')).toBeVisible();

    const analyze = page.getByRole('button', { name: 'Analyze', exact: true });
    await expect(analyze).toBeDisabled();
    await address.fill('85 Turner St');
    await expect(analyze).toBeEnabled();
    await address.fill('   ');
    await expect(analyze).toBeDisabled();

    await page.getByRole('button', { name: 'Try the demo address: 123 Collins Street' }).click();
    await expect(address).toHaveValue('123 Collins Street, Melbourne VIC 3000');
    await expect(page.getByTestId('valuation-estimate')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Analysis results' })).toContainText(/Collins St/i);
  });

  test('switches tabs by click', async ({ page }) => {
    await page.getByRole('tab', { name: 'Risk Analysis' }).click();
    await expect(page.getByRole('tab', { name: 'Risk Analysis' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/Analyze a property above to see its flood, bushfire/)).toBeVisible();
    await expect(page.getByLabel('Property address')).toBeVisible();

    await page.getByRole('tab', { name: 'Blockchain' }).click();
    await expect(page.getByRole('heading', { name: 'Blockchain Valuation Certificates' })).toBeVisible();

    await page.getByRole('tab', { name: 'APRA Compliance' }).click();
    await expect(page.getByRole('heading', { name: 'APRA Compliance', level: 2 })).toBeVisible();
    await expect(page.getByText(/supports\s+your CPS 230 obligations/)).toBeVisible();

    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Report Centre' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Report sections' }).getByRole('tab')).toHaveText([
      'Report Library',
      'Generate Report',
      'Templates',
      'Analytics',
    ]);
  });

  test('switches tabs with the keyboard', async ({ page }) => {
    const dashboardTab = page.getByRole('tab', { name: 'Dashboard' });
    await dashboardTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Risk Analysis' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Risk Analysis' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/Analyze a property above to see its flood, bushfire/)).toBeVisible();

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(dashboardTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Pricing' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the CPS 230 badge opens the APRA Compliance tab', async ({ page }) => {
    await page.getByRole('button', { name: /^APRA CPS 230( Compliant|: Review required|: Not fully checked)$/ }).click();
    await expect(page.getByRole('tab', { name: 'APRA Compliance' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'APRA Compliance', level: 2 })).toBeVisible();
  });

  test('the Pricing tab shows the three plans, API prices, comparison and FAQ', async ({ page }) => {
    await page.getByRole('tab', { name: 'Pricing' }).click();

    const starter = page.getByRole('group', { name: 'Starter' });
    await expect(starter).toContainText('Free');
    await expect(starter).toContainText('5 valuations a month');
    await expect(starter.getByRole('button', { name: 'Get Started Free' })).toBeVisible();

    const professional = page.getByRole('group', { name: 'Professional' });
    await expect(professional).toContainText('$299');
    await expect(professional).toContainText('per month');
    await expect(professional).toContainText('Most Popular');
    await expect(professional).toContainText('100 valuations a month');
    await expect(professional.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();

    const enterprise = page.getByRole('group', { name: 'Enterprise' });
    await expect(enterprise).toContainText('Custom');
    await expect(enterprise).toContainText('Unlimited valuations');
    await expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', 'mailto:sales@propguard.com.au');

    await expect(page.getByRole('heading', { name: 'API Pricing' })).toBeVisible();
    await expect(page.getByText('$0.50')).toBeVisible();
    await expect(page.getByText('$25.00')).toBeVisible();

    const comparison = page.getByRole('table');
    await expect(comparison.getByRole('row', { name: /Monthly valuations/ })).toContainText('5100Unlimited');
    // Issue 14: the plans come from the database and promise only what the product does.
    await expect(comparison.getByRole('row', { name: /Blockchain NFTs/ })).toContainText('Yes: certificates on chain, priced per certificate');

    await page.getByText('Is there a free trial?').click();
    await expect(page.getByText(/14-day free trial\. A card is checked when you start it, but nothing is charged until the trial ends/)).toBeVisible();
    await expect(page.getByText('Are there any setup fees?')).toBeVisible();

    await professional.getByRole('button', { name: 'Start Free Trial' }).click();
    const checkout = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await expect(checkout).toContainText('14-day free trial: cancel anytime, no charge until the trial ends.');
    await expect(checkout.getByRole('button', { name: 'Continue to Checkout' })).toBeVisible();
  });
});
