import { expect, test } from '@playwright/test';

test('the model card shows the loaded model and its hold-out accuracy per city', async ({ page }) => {
  await page.goto('/model-card');
  await expect(page.getByRole('heading', { name: 'Valuation model card' })).toBeVisible();
  await expect(page.getByText(/avm-\d{8}-\d{8}/).first()).toBeVisible();
  const table = page.getByRole('table', { name: /hold-out accuracy/i });
  await expect(table).toBeVisible();
  for (const city of ['Melbourne', 'Perth', 'Sydney']) {
    await expect(table.getByRole('cell', { name: city, exact: true }).first()).toBeVisible();
  }
  // Six rows: two hold-outs (time-ordered, random) for each of three cities, read from the model.
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(table.locator('tbody tr').first()).toContainText('%');
  // Issue 17: the previous model's figures and the stronger pipeline's targets beside each line.
  await expect(table.getByRole('columnheader', { name: /Previous model/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Issue 17 target/ })).toBeVisible();
});

test('the navigation bar links to the model card', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Model Card' }).click();
  await expect(page).toHaveURL(/\/model-card$/);
});
