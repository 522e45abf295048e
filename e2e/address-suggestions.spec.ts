import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';

const DATA_MODE_KEY = 'propguard:data-mode';

async function openLive(page: Page): Promise<Request[]> {
  await page.addInitScript({ content: `window.localStorage.setItem(${JSON.stringify(DATA_MODE_KEY)}, "live");` });
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/functions/address-search')) requests.push(request);
  });
  await page.goto('/');
  return requests;
}

const actionsOf = (requests: Request[]) => requests.map((request) => (request.postDataJSON() as { action: string; query?: string; propertyId?: string }));

test.describe('address suggestions on the dashboard (/)', () => {
  test('a mistyped address is suggested; picking it with the keyboard fills the box and analyses that suggestion by its id', async ({ page }) => {
    const valuationBodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/valuations') && request.method() === 'POST') valuationBodies.push(request.postDataJSON());
    });
    const requests = await openLive(page);
    const box = page.getByRole('combobox', { name: 'Property address' });
    await expect(box).toHaveValue('');
    await box.pressSequentially('85 tuner st abbots', { delay: 40 });

    const list = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = list.getByRole('option').first();
    await expect(first).toContainText('85 Turner St');
    await expect(first).toContainText('Abbotsford VIC 3067');
    await expect(page.getByText(/^Powered by PropGuard address index/)).toBeVisible();
    // Debounced: the whole typed text is asked for, not each of its 18 keystrokes (one request on a
    // quiet machine; a keystroke held back past the 300 ms pause by a busy one adds another).
    const asked = actionsOf(requests);
    expect(asked.at(-1)).toEqual({ action: 'autocomplete', query: '85 tuner st abbots' });
    expect(asked.length).toBeLessThanOrEqual(3);

    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await box.press('Enter');

    await expect(box).toHaveValue('85 Turner St, Abbotsford VIC 3067');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    const results = page.getByRole('region', { name: 'Analysis results' });
    await expect(results.getByRole('heading', { level: 2, name: '85 Turner St' })).toBeVisible({ timeout: 30_000 });
    await expect(results.getByRole('heading', { name: 'Valuation Analysis' })).toBeVisible();
    await expect(page.getByTestId('analysis-data-source')).toContainText('Live');
    // What was picked is what is analysed: the suggestion's id, never the half-typed text.
    expect(valuationBodies).toHaveLength(1);
    expect(valuationBodies[0]).toEqual({ suggestionId: expect.stringMatching(/^address-\d+$/) });
  });

  test('two characters ask for nothing; Escape closes the list; a click picks a locality', async ({ page }) => {
    const requests = await openLive(page);
    const box = page.getByRole('combobox', { name: 'Property address' });
    await box.fill('ri');
    await page.waitForTimeout(600);
    expect(requests).toHaveLength(0);
    await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();

    await box.fill('richmnd vic');
    const list = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(list.getByRole('option').first()).toContainText('Richmond');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('richmnd vic');

    await box.fill('richmnd vic 3121');
    const option = list.getByRole('option', { name: /Richmond\s*Richmond VIC 3121/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText('locality');
    await option.click();
    await expect(box).toHaveValue('Richmond VIC 3121');
    await expect(list).toBeHidden();
    await expect(page.getByRole('button', { name: 'Analyzing...' }).or(page.getByRole('region', { name: 'Analysis results' }))).toBeVisible();
  });
});
