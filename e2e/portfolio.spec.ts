import { expect, test } from '@playwright/test';

const LOAN_BOOK = 'e2e/fixtures/portfolio-loan-book.csv';

/**
 * Issue 15: a small real loan book (12 Melbourne sales from data/melbourne-housing-sales, with a
 * "Balance" column to map, and one row without a loan amount) is uploaded, mapped, run to 100%,
 * summarised, listed, and stressed.
 */
test('upload a loan book, map a column, see progress reach 100%, the summary, the results and a stress scenario', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();

  await page.getByLabel('Choose a CSV file').setInputFiles(LOAN_BOOK);
  // The loan amount is in "Principal Outstanding": the file cannot run until it is mapped.
  await expect(page.getByRole('alert')).toContainText('missing columns: loan_amount', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Run/ })).toBeDisabled();
  await page.getByLabel('loan_amount (required)').selectOption('Principal Outstanding');
  await expect(page.getByText('Every required column is mapped.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('First 5 of 13 rows')).toBeVisible();
  await expect(page.getByRole('cell', { name: '85 Turner St' })).toBeVisible();
  await expect(page.getByText('Passed through unchanged: branch.')).toBeVisible();
  await expect(page.getByText(/1 row error/)).toBeVisible();
  await expect(page.getByText(/Row 13 \(MEL-BAD\)/)).toBeVisible();

  await page.getByRole('button', { name: 'Run 13 loans' }).click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const bar = page.getByRole('progressbar', { name: 'Loans assessed' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  await expect(page.getByRole('heading', { name: 'Revaluation: Completed' })).toBeVisible();

  // Summary: figures, the LVR chart and the map.
  await expect(page.getByRole('heading', { name: 'Portfolio summary' })).toBeVisible();
  await expect(page.getByText(/12 of 13 loans assessed, 1 with errors/)).toBeVisible();
  await expect(page.getByTestId('portfolio-lvr-chart')).toBeVisible();
  await expect(page.getByText('Minimum capital', { exact: true })).toBeVisible();
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 15_000 });

  // Results: sorted by LVR, filtered, and the row with an error.
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByText('13 loans match')).toBeVisible();
  await page.getByRole('button', { name: 'LVR', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: /^LVR/ }).first()).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('cell', { name: 'MEL-BAD' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/results\.csv$/);

  // Stress: prices down 30% in Melbourne, rates up 3 points.
  await page.getByRole('tab', { name: 'Stress' }).click();
  await page.getByLabel('House prices').selectOption('30');
  await page.getByLabel('Where prices fall').selectOption('city:MELBOURNE');
  await page.getByLabel('Interest rates').selectOption('3');
  await page.getByRole('button', { name: 'Run stress test' }).click();
  await expect(page.getByRole('heading', { name: 'Base case against stressed' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/House prices down 30% in Melbourne/)).toBeVisible();
  // Every valued loan is stressed (read through the upload's column mapping), the row with an error left out.
  await expect(page.getByText(/12 loans assessed, 1 left out/)).toBeVisible();
  const above80 = page.getByRole('row', { name: /Loans above 80% LVR/ });
  await expect(above80).toBeVisible();
  await above80.getByText('How it is calculated').click();
  await expect(above80.getByText(/crossed into it/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Capital shortfall against the base case/ })).toContainText('$');

  // The APRA Compliance tab's distribution reads the latest completed portfolio.
  await page.goto('/');
  await page.getByRole('tab', { name: 'APRA Compliance' }).click();
  await expect(page.getByText(/Latest completed portfolio: \d+ of \d+ loans assessed/)).toBeVisible({ timeout: 15_000 });
});
