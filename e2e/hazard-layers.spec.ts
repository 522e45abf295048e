import { expect, test } from '@playwright/test';
import { hazardLayerListSchema } from '@propguard/schemas';

// A 1 % AEP polygon around Lismore's CBD, as a council would hand over (GeoJSON, longitude/latitude).
const ring = [[153.27, -28.82], [153.285, -28.82], [153.285, -28.805], [153.27, -28.805], [153.27, -28.82]];
const LAYER = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { AEP_PCT: 1 }, geometry: { type: 'Polygon', coordinates: [ring] } }] });

test.describe('Imported flood layers on the Risk Analysis tab (/)', () => {
  test('an owner uploads a GeoJSON with its AEP mapping and licence (progress, then listed and in use), sees a bad file refused, and removes the layer', async ({ page, request }) => {
    const name = `E2E council 1% AEP ${Date.now()}`;
    await page.goto('/');
    await page.getByRole('tab', { name: 'Risk Analysis' }).click();
    const card = page.getByRole('region', { name: 'Imported flood layers' });
    const form = card.getByRole('form', { name: 'Upload a flood layer' });
    await expect(form).toBeVisible();

    // A file that is not a layer: a clear message, nothing stored.
    const before = hazardLayerListSchema.parse(await (await request.get('/api/data/hazard-layers')).json()).layers.length;
    await form.getByLabel('Layer file').setInputFiles({ name: 'notes.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type":"Feature"}') });
    await form.getByRole('button', { name: 'Upload layer' }).click();
    await expect(card.getByRole('alert')).toHaveText(/Not imported \(nothing was stored\): notes\.geojson is not a GeoJSON FeatureCollection/);
    expect(hazardLayerListSchema.parse(await (await request.get('/api/data/hazard-layers')).json()).layers).toHaveLength(before);

    // The real file, with its name, attribute meaning and licence note (keyboard-reachable fields).
    await form.getByLabel('Layer file').setInputFiles({ name: 'lismore-1pc.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(LAYER) });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Attribute meaning').selectOption('aep');
    await form.getByLabel('Licence note').fill('CC BY 4.0, Test Council');
    // Held back a moment on its way to the server, the upload shows its progress bar.
    await page.route('**/api/data/hazard-layers?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Upload layer' }).click();
    await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(card.getByRole('status')).toHaveText(new RegExp(`Imported "${name}": 1 feature, in use now`));
    const item = card.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('annual exceedance probability (%)');
    await expect(item).toContainText('from lismore-1pc.geojson; licence: CC BY 4.0, Test Council');
    await expect(item).toContainText(/imported \d{1,2} [A-Z][a-z]+ \d{4}/);

    // The server uses it at once: the flood answer at Lismore cites it.
    const assessed = await request.post('/api/hazards/assess', { data: { lat: -28.8141, lng: 153.2746, year: 2025 } });
    const flood = ((await assessed.json()) as { report: { assessments: { hazard: string; score: number; dataUsed: { title: string }[] }[] } }).report.assessments.find((a) => a.hazard === 'flood')!;
    expect(flood.score).toBe(70);
    expect(flood.dataUsed[0]!.title).toBe(`${name} (imported flood layer; CC BY 4.0, Test Council)`);

    // Removal asks first, then the layer is gone from the list.
    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(card.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    expect(hazardLayerListSchema.parse(await (await request.get('/api/data/hazard-layers')).json()).layers.some((layer) => layer.name === name)).toBe(false);
  });
});
