import { expect, test } from '@playwright/test';

test('an unknown report shows Report Not Found with a way back', async ({ page }) => {
  await page.goto('/report/unknown');
  await expect(page.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PropGuard' })).toBeVisible();
});
