import { expect, test } from '@playwright/test';

test('the model card shows what is measured per city and hold-out, the goals and how to reproduce', async ({ page }) => {
  await page.goto('/model-card');
  await expect(page.getByRole('heading', { name: 'Valuation model card' })).toBeVisible();
  await expect(page.getByText(/avm-\d{8}-\d{8}/).first()).toBeVisible();
  // The goals, phrased as the product's aims, and how many lines meet them now.
  await expect(page.getByRole('heading', { name: 'What it is for and what it aims at' })).toBeVisible();
  await expect(page.getByText('a median error (MdAPE) of at most 8.0%;')).toBeVisible();
  await expect(page.getByTestId('model-goals-met')).toHaveText(/the goals are met on \d of 7 lines/);
  const table = page.getByRole('table', { name: /hold-out accuracy/i });
  await expect(table).toBeVisible();
  for (const city of ['Melbourne', 'Perth', 'Sydney', 'NSW']) {
    await expect(table.getByRole('cell', { name: city, exact: true }).first()).toBeVisible();
  }
  // One row per hold-out line of the shipped model: two hold-outs (time-ordered, random) for each of three cities, and the NSW Valuer General's files held out by property, read against its own aim.
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(table.locator('tbody tr', { hasText: 'by property' })).toContainText(/Met|aim: at most 16\.0%/);
  await expect(table.locator('tbody tr').first()).toContainText('%');
  // Beside each line: the previous model's figures and whether the line meets the goals, with no internal references.
  await expect(table.getByRole('columnheader', { name: /Previous model/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Goal', exact: true })).toBeVisible();
  for (const row of await table.locator('tbody tr').all()) await expect(row.locator('td').last()).toHaveText(/^(Met|Not yet met: .+)$/);
  await expect(page.getByText(/issue \d+/i)).toHaveCount(0);
  // Accuracy by carry-forward horizon (issue 31) and hit rates by FSD band, and the figures can be reproduced.
  await expect(page.getByRole('heading', { name: /Carried forward to 31 March 2025: accuracy by horizon/ })).toBeVisible();
  await expect(page.getByTestId('carry-forward-backtest').locator('tbody tr').first()).toContainText('%');
  await expect(page.getByTestId('fsd-bands').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'How to reproduce these figures' })).toBeVisible();
  await expect(page.getByText('npm run bench:valuation')).toBeVisible();
});

test('the navigation bar links to the model card', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Model Card' }).click();
  await expect(page).toHaveURL(/\/model-card$/);
});
