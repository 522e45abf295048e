import { expect, test } from '@playwright/test';

/** Issue 12.4: the pages work under their own Content-Security-Policy: no violation is reported. */
for (const path of ['/', '/search', '/market-analysis', '/portfolio', '/model-card', '/api/docs']) {
  test(`${path} loads under the Content-Security-Policy without a violation`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}

test('the Risk Analysis map draws under the Content-Security-Policy (MapLibre worker from blob:)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript({ content: `window.localStorage.setItem('propguard:data-mode', 'live');` });
  await page.goto('/');
  await page.getByLabel('Property address').fill('85 Turner St, Abbotsford VIC 3067');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByTestId('valuation-estimate')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Risk Analysis' }).click();
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1000);
  expect(violations).toEqual([]);
});
