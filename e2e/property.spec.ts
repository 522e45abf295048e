import { expect, test } from '@playwright/test';

test.describe('property detail (/property/:id)', () => {
  test('an unknown listing shows Property Not Found and goes back to search', async ({ page }) => {
    await page.goto('/property/some-id');
    await expect(page.getByRole('heading', { name: 'Property Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Property Search' })).toBeVisible();
  });

  test('/property without an id redirects to /search', async ({ page }) => {
    await page.goto('/property');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Property Search' })).toBeVisible();
  });
});
