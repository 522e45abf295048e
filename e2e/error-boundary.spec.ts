import { expect, test } from '@playwright/test';

// The web app throws during render when this flag is set (apps/web/src/components/errors/crash-test-trigger.tsx).
test('a render failure shows the error screen with Refresh Page', async ({ page }) => {
  await page.addInitScript({ content: "window.localStorage.setItem('propguard:test-crash', '1');" });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText("We're sorry, but something unexpected happened. Please try refreshing the page.")).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Refresh Page' });
  await expect(refresh).toBeVisible();

  await refresh.click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});

test('without the flag the dashboard renders', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'PropGuard' })).toBeVisible();
});
