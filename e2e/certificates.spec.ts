import { expect, test } from '@playwright/test';

type Report = { report_id: string; content_hash: string; content: { comprehensive_analysis: { ai_valuation: number } } };

test.describe('valuation certificates', () => {
  test('the Blockchain tab mints a certificate through the real stages, verifies it, rejects a tampered report and opens the explorer', async ({ page, request }) => {
    const created = await request.post('/api/realty/valuation-report', { data: { address: '12 Johnston St, Collingwood VIC 3066' } });
    const { report } = (await created.json()) as { report: Report };

    await page.goto('/');
    await page.getByRole('tab', { name: 'Blockchain' }).click();
    await page.getByRole('button', { name: 'Mint Certificate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mint Valuation Certificate' });
    await dialog.getByLabel('Report to certify').selectOption(report.report_id);
    await dialog.getByRole('button', { name: 'Mint certificate' }).click();
    // The stages arrive one by one from the server (Server-Sent Events) and fill the progress bar.
    const stages = dialog.getByRole('list', { name: 'Mint stages' });
    await expect(stages).toContainText(new RegExp(`Report SHA-256 ${report.content_hash}`));
    await expect(stages).toContainText(/Metadata built as dag-json and stored as CID bagu/);
    await expect(stages).toContainText(/Receipt: mined in block \d+/);
    await expect(stages).toContainText(/Stored on chain: certificate\(\d+\) records the report hash and the CID/);
    await expect(dialog.getByRole('progressbar', { name: 'Mint progress' })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('NFT Minted Successfully!')).toBeVisible();
    await expect(page.getByText(/Certificate #\d+ has been minted on PropGuard embedded chain \(id 7316\)\./)).toBeVisible();
    const tokenId = /Certificate #(\d+) in block/.exec((await dialog.textContent()) ?? '')?.[1];
    expect(tokenId).toBeDefined();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The collection, read from the chain, lists it first.
    await expect(page.getByRole('link', { name: `#${tokenId}`, exact: true }).first()).toBeVisible();

    await page.getByLabel('Token ID or transaction hash').fill(tokenId ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Verified');
    await expect(page.getByRole('status')).toContainText(report.report_id);

    // Anyone holding the report can check it by its SHA-256 alone.
    const hashField = page.getByLabel("Or the report's SHA-256 (its content hash, or its PDF's)");
    await hashField.fill(report.content_hash);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('The SHA-256 given is that of the report certified');
    await hashField.fill('');

    // A copy of the report with a changed valuation does not verify, and the answer names the field.
    const tampered = structuredClone(report);
    tampered.content.comprehensive_analysis.ai_valuation += 10_000;
    await page.getByLabel('Report file to check').setInputFiles({ name: 'report.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ success: true, report: tampered })) });
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Not verified');
    await expect(page.getByRole('status')).toContainText('comprehensive_analysis.ai_valuation');

    await page.getByRole('link', { name: `#${tokenId}`, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/explorer/token/${tokenId}$`));
    await expect(page.getByRole('heading', { name: `Certificate #${tokenId}` })).toBeVisible();
    // The local workspace minted it: its details show beside the public metadata's date and model.
    await expect(page.getByText('Report date', { exact: true })).toBeVisible();
    await expect(page.getByText(`$${report.content.comprehensive_analysis.ai_valuation.toLocaleString('en-AU')}`)).toBeVisible();
    await expect(page.getByText(/^Public metadata \(dag-json at /)).toBeVisible();
    await page.getByRole('link', { name: /^0x[0-9a-f]{64}$/ }).click();
    await expect(page).toHaveURL(/\/explorer\/tx\/0x[0-9a-f]{64}$/);
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(page.getByText('CertificateIssued')).toBeVisible();
  });

  test('a report page mints its certificate in one click and then shows token, transaction and CID', async ({ page, request }) => {
    const created = await request.post('/api/realty/valuation-report', { data: { address: '5 Hoddle St, Richmond VIC 3121' } });
    const { report } = (await created.json()) as { report: Report };
    await page.goto(`/report/${report.report_id}`);
    await expect(page.getByRole('heading', { name: 'Blockchain Certificate' })).toBeVisible();
    await page.getByRole('button', { name: 'Mint certificate' }).click();
    await expect(page.getByText('NFT Minted Successfully!')).toBeVisible();
    const certificate = page.getByTestId('report-certificate');
    await expect(certificate).toContainText(/Token: #\d+ on PropGuard embedded chain/);
    await expect(certificate).toContainText(/Metadata CID: bagu/);
    await expect(page.getByRole('button', { name: 'Mint certificate' })).toHaveCount(0);
  });
});
