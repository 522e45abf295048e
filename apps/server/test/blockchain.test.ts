// Valuation certificates through HTTP on the real database: mint, verify (by token, by
// transaction, with the report JSON and PDF, tampered copies), the collection and audit trail,
// the metadata at /ipfs/{cid}, the explorer, the JSON-RPC endpoint read by viem, and the errors.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as dagJson from '@ipld/dag-json';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { createPublicClient, http as httpTransport } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDagJson, propertyKeyOf, reportHashOf, CERTIFICATE_ABI, LEGACY_METADATA_SCHEMA, METADATA_SCHEMA } from '@propguard/chain';
import { putIpfsObject } from '@propguard/db';
import {
  apraComplianceReportResponseSchema,
  collectionResponseSchema,
  errorResponseSchema,
  explorerTokenSchema,
  explorerTransactionSchema,
  mintCertificateResponseSchema,
  reportCertificateResponseSchema,
  reportResponseSchema,
  serviceHealthSchema,
  verifyCertificateResponseSchema,
  type MintCertificateResponse,
  type StoredReport,
} from '@propguard/schemas';
import { readPdfText } from './pdf-text.ts';
import { buildApp } from '../src/app.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

describe.skipIf(getApiSkipReason() !== null)('valuation certificates (/api/blockchain)', () => {
  let testApp: TestApp;
  let report: StoredReport;
  let minted: MintCertificateResponse;

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) => testApp.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function newReport(address: string): Promise<StoredReport> {
    const response = await inject('POST', '/api/realty/valuation-report', { address });
    expect(response.statusCode, response.body).toBe(200);
    return reportResponseSchema.parse(response.json()).report;
  }

  /** The app on a real socket (once), for clients that need HTTP rather than inject. */
  let listening: string | null = null;
  async function baseUrl(): Promise<string> {
    if (!listening) {
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      listening = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    }
    return listening;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    report = await newReport('85 Turner St, Abbotsford VIC 3067');
    const response = await inject('POST', '/api/blockchain/mint-valuation-nft', { report_id: report.report_id });
    expect(response.statusCode, response.body).toBe(200);
    minted = mintCertificateResponseSchema.parse(response.json());
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('mints a certificate of a stored report: token, transaction, block, gas, contract, chain and CID, with the real stages', async () => {
    expect(minted.token_id).toBeGreaterThanOrEqual(1);
    expect(minted.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(minted.contract_address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(minted.chain_id).toBe(7316);
    expect(minted.gas_used).toBeGreaterThan(100_000);
    expect(minted.block_number).toBeGreaterThan(1);
    expect(minted.cid).toMatch(/^bagu/); // CIDv1, dag-json codec, base32
    expect(minted.token_uri).toBe(`ipfs://${minted.cid}`);
    expect(minted.report_hash).toBe(`0x${report.content_hash}`);
    expect(minted.stages.map((stage) => stage.stage)).toEqual(['hash_report', 'build_metadata', 'submit_transaction', 'wait_for_receipt', 'read_back']);
    expect(minted.stages[0]?.label).toContain(report.content_hash);
    expect(minted.stages[2]?.label).toContain(minted.transaction_hash);
  });

  it('refuses to certify the same report twice (409) and an unknown report (404)', async () => {
    const again = await inject('POST', '/api/blockchain/mint-valuation-nft', { report_id: report.report_id });
    expect(again.statusCode).toBe(409);
    expect(errorResponseSchema.parse(again.json()).error.message).toContain(`token ${minted.token_id}`);
    const unknown = await inject('POST', '/api/blockchain/mint-valuation-nft', { report_id: 'rpt_missing' });
    expect(unknown.statusCode).toBe(404);
    const empty = await inject('POST', '/api/blockchain/mint-valuation-nft', {});
    expect(empty.statusCode).toBe(400);
  });

  it('streams the stages live as Server-Sent Events: each arrives while the next step is still running, then the result; a later failure is an error event', async () => {
    // A stand-in IPFS node (kubo's dag/put) whose answer the test releases: the hash stage must
    // reach the client while the server is still waiting here, in the pinning step.
    let held: (() => void) | null = null;
    let released = false;
    let answerWrongCid = true;
    const node = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const body = Buffer.concat(chunks).toString('latin1');
        const file = body.slice(body.indexOf('\r\n\r\n') + 4, body.lastIndexOf('\r\n--'));
        const cid = CID.create(1, dagJson.code, await sha256.digest(new Uint8Array(Buffer.from(file, 'latin1')))).toString();
        const answer = () => response.setHeader('content-type', 'application/json').end(JSON.stringify({ Cid: { '/': answerWrongCid ? 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' : cid } }));
        if (answerWrongCid || released) answer();
        else held = answer;
      });
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const config = testApp.context.config as { ipfsApiUrl: string | undefined };
    const before = config.ipfsApiUrl;
    config.ipfsApiUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
    try {
      const streamed = await newReport('9 Gipps St, Collingwood VIC 3066');
      const url = `${await baseUrl()}/api/blockchain/mint-valuation-nft`;
      const post = () => fetch(url, { method: 'POST', headers: { accept: 'text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify({ report_id: streamed.report_id }) });
      type Event = { event: string; data: { stage?: string; error?: { code: string; message: string } } & Partial<MintCertificateResponse> };
      // Reads events as they arrive; `onEvent` runs before the next chunk is read.
      async function readEvents(response: Response, onEvent: (event: Event) => void = () => undefined): Promise<Event[]> {
        const events: Event[] = [];
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = { event: /^event: (.+)$/m.exec(block)?.[1] ?? '', data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') } as Event;
            events.push(event);
            onEvent(event);
          }
        }
        return events;
      }

      // The node answers with another CID: the hash stage was streamed, then the error, and nothing was minted.
      const failing = await post();
      expect(failing.status).toBe(200);
      expect(failing.headers.get('content-type')).toContain('text/event-stream');
      const failed = await readEvents(failing);
      expect(failed.map((event) => event.data.stage ?? event.event)).toEqual(['hash_report', 'error']);
      expect(failed[1]?.data.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(failed[1]?.data.error?.message).toContain('IPFS node stored the metadata as bafkrei');
      const still = reportCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/report-certificate?report_id=${streamed.report_id}`)).json());
      expect(still.certificate).toBeNull();

      // The node holds its answer: the hash stage arrives while the server waits on the pin.
      answerWrongCid = false;
      let answeredBeforeFirstStage: boolean | null = null;
      const events = await readEvents(await post(), (event) => {
        if (event.data.stage !== 'hash_report') return;
        answeredBeforeFirstStage = released;
        released = true;
        held?.();
      });
      expect(answeredBeforeFirstStage).toBe(false);
      expect(events.map((event) => event.data.stage ?? event.event)).toEqual(['hash_report', 'build_metadata', 'submit_transaction', 'wait_for_receipt', 'read_back', 'result']);
      const result = mintCertificateResponseSchema.parse(events.at(-1)?.data);
      expect(result.report_id).toBe(streamed.report_id);
      expect(result.stages).toEqual(events.slice(0, 5).map((event) => event.data));
      expect(events[1]?.data).toMatchObject({ stage: 'build_metadata', label: expect.stringContaining('pinned to the IPFS node') });

      // A failure before the first stage is an ordinary JSON error with its status.
      const twice = await post();
      expect(twice.status).toBe(409);
      expect(twice.headers.get('content-type')).toContain('application/json');
    } finally {
      config.ipfsApiUrl = before;
      await new Promise<void>((resolve) => node.close(() => resolve()));
    }
  });

  it('serves the public metadata at /ipfs/{cid} as dag-json whose CID anyone can recompute: the report\'s hashes, date, model and issuer, no address, figure or report id', async () => {
    const response = await inject('GET', `/ipfs/${minted.cid}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.ipld.dag-json');
    const bytes = new Uint8Array(response.rawPayload);
    const recomputed = CID.create(1, dagJson.code, await sha256.digest(bytes)).toString();
    expect(recomputed).toBe(minted.cid);
    const metadata = dagJson.decode(bytes) as Record<string, unknown>;
    expect(metadata).toEqual({
      schema: METADATA_SCHEMA,
      name: 'PropGuard valuation certificate',
      description: expect.any(String),
      attributes: [{ trait_type: 'Report date', value: report.generated_at.slice(0, 10) }, { trait_type: 'Model', value: report.content.comprehensive_analysis.model_id }],
      report: { content_sha256: report.content_hash, pdf_sha256: report.pdf_sha256, generated_at: report.generated_at },
      model: { id: report.content.comprehensive_analysis.model_id },
      issuer: { name: 'PropGuard', address: expect.stringMatching(/^0x[0-9a-f]{40}$/), chain_id: 7316, contract: minted.contract_address },
    });
    const text = new TextDecoder().decode(bytes);
    const details = report.content.property_details;
    for (const secret of [details.address, details.suburb, report.report_id, String(report.content.comprehensive_analysis.ai_valuation), details.lat.toFixed(4)]) expect(text).not.toContain(secret);
    expect((await inject('GET', '/ipfs/not-a-cid-at-all')).statusCode).toBe(400);
    expect((await inject('GET', '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).statusCode).toBe(404);
  });

  it('verifies by token id and by transaction hash', async () => {
    const byToken = verifyCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/verify-nft?token_id=${minted.token_id}`)).json());
    expect(byToken.verified).toBe(true);
    expect(byToken.checks.every((check) => check.passed)).toBe(true);
    expect(byToken.certificate).toMatchObject({ token_id: minted.token_id, report_id: report.report_id, cid: minted.cid, transaction_hash: minted.transaction_hash, block_number: minted.block_number });
    const byTx = verifyCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/verify-nft?tx_hash=${minted.transaction_hash}`)).json());
    expect(byTx.token_id).toBe(minted.token_id);
    expect(byTx.verified).toBe(true);
  });

  it('checks an uploaded report: the JSON and the PDF as issued verify; a tampered copy does not, and says what differs', async () => {
    const json = (await inject('GET', `/api/reports/${report.report_id}`)).json() as { report: StoredReport };
    const good = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, document: json })).json());
    expect(good.verified).toBe(true);
    expect(good.document).toMatchObject({ kind: 'json', sha256: report.content_hash, differences: [] });

    const tampered = structuredClone(json);
    tampered.report.content.comprehensive_analysis.ai_valuation += 50_000;
    const bad = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { tx_hash: minted.transaction_hash, document: tampered })).json());
    expect(bad.verified).toBe(false);
    expect(bad.document?.differences).toEqual(['comprehensive_analysis.ai_valuation']);
    expect(bad.reason).toContain('comprehensive_analysis.ai_valuation');

    // The PDF downloaded now is the certified edition (with its certificate section); the one
    // issued before minting is stored as it was. Both verify.
    const pdf = (await inject('GET', `/api/reports/${report.report_id}/pdf`)).rawPayload;
    const goodPdf = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, document: pdf.toString('base64') })).json());
    expect(goodPdf.verified, goodPdf.reason).toBe(true);
    expect(goodPdf.document?.kind).toBe('pdf');
    expect(goodPdf.checks.at(-1)?.detail).toContain(`certified edition of the report (as issued, with certificate #${minted.token_id})`);
    const [issued] = await testApp.context.database.query<{ pdf_base64: string }>('SELECT pdf_base64 FROM reports WHERE report_id = $1', [report.report_id]);
    const issuedPdf = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, document: issued?.pdf_base64 })).json());
    expect(issuedPdf.verified).toBe(true);
    expect(issuedPdf.checks.at(-1)?.detail).toBe('The PDF is byte for byte the one issued with the certified report');
    const changedPdf = Buffer.from(pdf);
    changedPdf.writeUInt8(changedPdf.readUInt8(changedPdf.length - 20) ^ 0x01, changedPdf.length - 20);
    const badPdf = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, document: changedPdf.toString('base64') })).json());
    expect(badPdf.verified).toBe(false);

    const notPdf = await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, document: Buffer.from('hello').toString('base64') });
    expect(notPdf.statusCode).toBe(400);
  });

  it('checks a report by its SHA-256 alone: the content hash and the issued PDF\'s verify, another hash does not; both or neither is 400', async () => {
    const byContent = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, content_sha256: report.content_hash.toUpperCase() })).json());
    expect(byContent.verified, byContent.reason).toBe(true);
    expect(byContent.document).toEqual({ kind: 'sha256', sha256: report.content_hash, differences: [] });
    const byPdf = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { tx_hash: minted.transaction_hash, content_sha256: `0x${report.pdf_sha256}` })).json());
    expect(byPdf.verified, byPdf.reason).toBe(true);
    expect(byPdf.checks.at(-1)?.detail).toBe('It is the SHA-256 of the report PDF as issued');
    const other = verifyCertificateResponseSchema.parse((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, content_sha256: 'ab'.repeat(32) })).json());
    expect(other.verified).toBe(false);
    expect(other.reason).toContain("is neither the certified report content's SHA-256");
    expect((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, content_sha256: 'xyz' })).json().error.message).toMatch(/content_sha256: must be a SHA-256/);
    expect((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id })).statusCode).toBe(400);
    expect((await inject('POST', '/api/blockchain/verify-nft', { token_id: minted.token_id, content_sha256: report.content_hash, document: {} })).statusCode).toBe(400);
  });

  it('a certificate minted before the metadata was made public: its old metadata is withheld at /ipfs, its public fields are shown, and it still verifies', async () => {
    // Minted the way the server did before issue 29.4: the metadata named the property, figures and report id.
    const old = await newReport('12 Collins St, Melbourne VIC 3000');
    const runtime = testApp.context.chain.ready ? testApp.context.chain.runtime : null;
    if (!runtime) throw new Error('the chain is not ready');
    const legacy = {
      schema: LEGACY_METADATA_SCHEMA,
      name: `PropGuard valuation certificate: ${old.content.property_details.address}`,
      property: { address: old.content.property_details.address },
      valuation: { estimate_aud: old.content.comprehensive_analysis.ai_valuation },
      report: { report_id: old.report_id, template: old.template, generated_at: old.generated_at, content_sha256: old.content_hash, pdf_sha256: old.pdf_sha256 },
      model: { id: old.content.comprehensive_analysis.model_id },
      issuer: { name: 'PropGuard', address: runtime.registry.minter, chain_id: 7316, contract: runtime.contractAddress },
    };
    const { bytes, cid } = await encodeDagJson(legacy);
    await putIpfsObject(testApp.context.database, cid, 'dag-json', bytes);
    const { tokenId } = await runtime.registry.mint({ reportHash: reportHashOf(old.content_hash), propertyKey: propertyKeyOf(old), cid, supersedes: 0n }, () => undefined);

    const withheld = await inject('GET', `/ipfs/${cid}`);
    expect(withheld.statusCode).toBe(404);
    expect(withheld.body).not.toContain(old.content.property_details.address);
    expect(errorResponseSchema.parse(withheld.json()).error.message).toContain('/api/blockchain/token/');
    const token = explorerTokenSchema.parse((await inject('GET', `/api/blockchain/token/${tokenId}`)).json());
    expect(token.metadata).toMatchObject({ schema: METADATA_SCHEMA, report: { content_sha256: old.content_hash, generated_at: old.generated_at }, model: { id: old.content.comprehensive_analysis.model_id } });
    expect(JSON.stringify(token.metadata)).not.toContain(old.content.property_details.address);
    // No owner was recorded for it: the local workspace sees its details (the report named by the old metadata).
    expect(token.certificate).toMatchObject({ is_issuing_workspace: true, report_id: old.report_id, property: old.content.property_details.address });
    const verified = verifyCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/verify-nft?token_id=${tokenId}`)).json());
    expect(verified.verified, verified.reason).toBe(true);
  });

  it('the report\'s PDF and text show its certificate once minted: token, contract, chain, transaction, report hash and the verification URL', async () => {
    const verifyUrl = `${testApp.context.config.publicBaseUrl}/api/blockchain/verify-nft?token_id=${minted.token_id}`;
    const expected = [`#${minted.token_id}`, minted.contract_address, `${minted.network}, chain id 7316`, minted.transaction_hash, minted.report_hash, minted.cid, verifyUrl];
    const pdf = await inject('GET', `/api/reports/${report.report_id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    // pdf.js splits runs of the fixed-width font into items: compare with whitespace collapsed.
    const pdfText = (await readPdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('Blockchain certificate');
    for (const value of expected) expect(pdfText).toContain(value);
    // Rendered from the stored report and the chain each time: the same bytes on every download.
    expect((await inject('GET', `/api/reports/${report.report_id}/pdf`)).rawPayload.equals(pdf.rawPayload)).toBe(true);
    const text = (await inject('GET', `/api/reports/${report.report_id}/text`)).body;
    expect(text).toContain('BLOCKCHAIN CERTIFICATE');
    for (const value of expected) expect(text).toContain(value);
    expect(text).toContain(`call certificate(${minted.token_id}) on contract ${minted.contract_address}`);

    // A report without a certificate downloads as issued, without the section.
    const plain = await newReport('20 Johnston St, Collingwood VIC 3066');
    const plainPdf = (await inject('GET', `/api/reports/${plain.report_id}/pdf`)).rawPayload;
    expect(createHash('sha256').update(plainPdf).digest('hex')).toBe(plain.pdf_sha256);
    expect((await readPdfText(plainPdf)).text).not.toContain('Blockchain certificate');
    expect((await inject('GET', `/api/reports/${plain.report_id}/text`)).body).not.toContain('BLOCKCHAIN CERTIFICATE');
  });

  it('answers unknown tokens and transactions with 404 and malformed ids with 400, never 500', async () => {
    const unknownToken = await inject('GET', '/api/blockchain/verify-nft?token_id=999999');
    expect(unknownToken.statusCode).toBe(404);
    expect(errorResponseSchema.parse(unknownToken.json()).error.message).toContain('999999');
    expect((await inject('GET', `/api/blockchain/verify-nft?tx_hash=0x${'ab'.repeat(32)}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/blockchain/verify-nft?tx_hash=0x1234')).statusCode).toBe(400);
    expect((await inject('GET', '/api/blockchain/verify-nft?token_id=abc')).statusCode).toBe(400);
    expect((await inject('GET', '/api/blockchain/verify-nft?token_id=0')).statusCode).toBe(400);
    expect((await inject('GET', '/api/blockchain/verify-nft')).statusCode).toBe(400);
    expect((await inject('GET', `/api/blockchain/verify-nft?token_id=1&tx_hash=${minted.transaction_hash}`)).statusCode).toBe(400);
    expect((await inject('POST', '/api/blockchain/verify-nft', { token_id: 999999, document: {} })).statusCode).toBe(404);
    expect((await inject('GET', '/api/blockchain/token/999999')).statusCode).toBe(404);
    expect((await inject('GET', `/api/blockchain/tx/0x${'cd'.repeat(32)}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/blockchain/tx/nothex')).statusCode).toBe(400);
    expect((await inject('GET', '/api/blockchain/report-certificate?report_id=rpt_missing')).statusCode).toBe(404);
  });

  it('a new report of the same property supersedes the old certificate, linked both ways in the collection and the audit trail', async () => {
    const second = await newReport('85 Turner St, Abbotsford VIC 3067');
    const response = await inject('POST', '/api/blockchain/mint-valuation-nft', { report_id: second.report_id });
    const next = mintCertificateResponseSchema.parse(response.json());
    expect(next.supersedes).toBe(minted.token_id);
    const collection = collectionResponseSchema.parse((await inject('GET', '/api/blockchain/nft-collection?limit=5')).json());
    expect(collection.certificates[0]).toMatchObject({ token_id: next.token_id, supersedes: minted.token_id, report_id: second.report_id, property: second.content.property_details.address });
    const old = collection.certificates.find((certificate) => certificate.token_id === minted.token_id);
    expect(old?.superseded_by).toBe(next.token_id);
    expect(collection.total).toBeGreaterThanOrEqual(2);
    expect(collection.explorer_tx_url).toBeNull(); // no CHAIN_EXPLORER_TX_URL: our own /explorer pages
    expect(collection.events).toContainEqual(expect.objectContaining({ event: 'CertificateSuperseded', token_id: minted.token_id, related_token_id: next.token_id }));
    expect(collection.events).toContainEqual(expect.objectContaining({ event: 'CertificateIssued', token_id: next.token_id, transaction_hash: next.transaction_hash }));
    const verified = verifyCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/verify-nft?token_id=${minted.token_id}`)).json());
    expect(verified.verified).toBe(true);
    expect(verified.reason).toContain(`superseded by certificate #${next.token_id}`);
  });

  it('finds the certificate of a report, and a report without one has none', async () => {
    const found = reportCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/report-certificate?report_id=${report.report_id}`)).json());
    expect(found.certificate?.token_id).toBe(minted.token_id);
    const fresh = await newReport('1 Collins St, Melbourne VIC 3000');
    const none = reportCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/report-certificate?report_id=${fresh.report_id}`)).json());
    expect(none.certificate).toBeNull();
  });

  it('generates the report first for SPEC.md\'s {property_data, valuation_data} form', async () => {
    const response = await inject('POST', '/api/blockchain/mint-valuation-nft', { property_data: { address: '10 Smith St, Fitzroy VIC 3065' }, valuation_data: { estimated_value: 1 } });
    expect(response.statusCode, response.body).toBe(200);
    const result = mintCertificateResponseSchema.parse(response.json());
    const stored = reportResponseSchema.parse((await inject('GET', `/api/reports/${result.report_id}`)).json()).report;
    expect(result.report_hash).toBe(`0x${stored.content_hash}`);
  });

  it('POST /apra-compliance-report: a lending-summary report of a listing, certified on chain; unknown and malformed ids are 404 and 400', async () => {
    const [sale] = await testApp.context.database.query<{ id: number }>(`SELECT id FROM sales WHERE upper(suburb) = 'RICHMOND' AND address IS NOT NULL AND price_aud IS NOT NULL ORDER BY id LIMIT 1`);
    const response = await inject('POST', '/api/blockchain/apra-compliance-report', { property_id: `sale-${sale?.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = apraComplianceReportResponseSchema.parse(response.json());
    const stored = reportResponseSchema.parse((await inject('GET', `/api/reports/${body.report_id}`)).json()).report;
    expect(stored.template).toBe('lending-summary');
    expect(body.lvr_thresholds).toEqual(stored.content.compliance.lvr_thresholds);
    expect(body.certificate.report_hash).toBe(`0x${stored.content_hash}`);
    expect(verifyCertificateResponseSchema.parse((await inject('GET', `/api/blockchain/verify-nft?token_id=${body.certificate.token_id}`)).json()).verified).toBe(true);
    expect((await inject('POST', '/api/blockchain/apra-compliance-report', { property_id: 'sale-999999999' })).statusCode).toBe(404);
    expect((await inject('POST', '/api/blockchain/apra-compliance-report', { property_id: 'prop_001' })).statusCode).toBe(400);
  });

  it('explorer: the mint transaction with its decoded events, and the token with its metadata', async () => {
    const tx = explorerTransactionSchema.parse((await inject('GET', `/api/blockchain/tx/${minted.transaction_hash}`)).json());
    expect(tx).toMatchObject({ status: 'success', block_number: minted.block_number, function: 'mint', to: minted.contract_address, gas_used: minted.gas_used });
    // An earlier run's certificate of the same address (the suite's database persists) is superseded by this one.
    expect(tx.logs.map((log) => log.event)).toEqual(minted.supersedes === null ? ['Transfer', 'CertificateIssued'] : ['Transfer', 'CertificateIssued', 'CertificateSuperseded']);
    expect(tx.logs[1]?.args.tokenId).toBe(String(minted.token_id));
    // The local workspace minted it: the explorer shows it the details beside the public metadata.
    const token = explorerTokenSchema.parse((await inject('GET', `/api/blockchain/token/${minted.token_id}`)).json());
    expect(token.certificate).toMatchObject({ cid: minted.cid, is_issuing_workspace: true, report_id: report.report_id, property: report.content.property_details.address, valuation: report.content.comprehensive_analysis.ai_valuation, report_date: report.generated_at, model_id: report.content.comprehensive_analysis.model_id });
    expect(token.metadata).toMatchObject({ schema: METADATA_SCHEMA, report: { content_sha256: report.content_hash } });
    const pdf = await inject('GET', `/api/blockchain/token/${minted.token_id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('blockchain-health reports the real chain id, block height, contract address and minter balance', async () => {
    const health = serviceHealthSchema.parse((await inject('GET', '/api/blockchain/blockchain-health')).json());
    expect(health.status).toBe('healthy');
    const chain = health.checks.find((check) => check.name === 'certificate chain');
    expect(chain?.figures).toMatchObject({ chain_id: 7316, contract_address: minted.contract_address });
    expect(Number(chain?.figures?.block_height)).toBeGreaterThanOrEqual(minted.block_number);
    const minter = health.checks.find((check) => check.name === 'minter');
    expect(BigInt(String(minter?.figures?.balance_wei))).toBeGreaterThan(0n);
    expect(JSON.stringify(health)).not.toMatch(/not built|arrive with/i);
  });

  it('answers Ethereum JSON-RPC at POST /api/blockchain/rpc: viem\'s public client reads the certificate over HTTP', async () => {
    const client = createPublicClient({ transport: httpTransport(`${await baseUrl()}/api/blockchain/rpc`, { retryCount: 0 }) });
    expect(await client.getChainId()).toBe(7316);
    const address = minted.contract_address as `0x${string}`;
    expect(await client.readContract({ address, abi: CERTIFICATE_ABI, functionName: 'tokenURI', args: [BigInt(minted.token_id)] })).toBe(`ipfs://${minted.cid}`);
    const certificate = (await client.readContract({ address, abi: CERTIFICATE_ABI, functionName: 'certificate', args: [BigInt(minted.token_id)] })) as { reportHash: string };
    expect(certificate.reportHash).toBe(minted.report_hash);
    const receipt = await client.getTransactionReceipt({ hash: minted.transaction_hash as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(Number(receipt.blockNumber)).toBe(minted.block_number);
    const block = await client.getBlock({ blockNumber: BigInt(minted.block_number) });
    expect(block.transactions).toContain(minted.transaction_hash);
    const unknownMethod = await inject('POST', '/api/blockchain/rpc', { jsonrpc: '2.0', id: 7, method: 'eth_nonsense', params: [] });
    expect(unknownMethod.json()).toMatchObject({ id: 7, error: { code: -32601 } });
  });

  describe('bounded chain work (issue 29)', () => {
    /** JUMPDEST; PUSH1 0; JUMP with 100 million gas: the call that froze the server for 38.9 s. */
    const LOOP = { jsonrpc: '2.0', method: 'eth_call', params: [{ gas: '0x5F5E100', data: '0x5b600056' }, 'latest'] };
    const budgetMs = () => testApp.context.config.chainCallTimeoutMs;
    /** Health every 20 ms while `work` runs: the event loop must stay free (eth_call runs in a worker thread). */
    async function healthBeside<T>(work: Promise<T>): Promise<{ value: T; healthMs: number[] }> {
      const healthMs: number[] = [];
      let isDone = false;
      const polling = (async () => {
        while (!isDone) {
          const started = performance.now();
          expect((await inject('GET', '/api/propguard/health')).statusCode).toBe(200);
          healthMs.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const value = await work;
      isDone = true;
      await polling;
      return { value, healthMs };
    }
    const timed = async <T>(work: Promise<T>) => {
      const started = performance.now();
      const value = await work;
      return { value, ms: performance.now() - started };
    };

    beforeAll(async () => {
      // The call thread loads the EVM on the first call; the budget starts after that.
      const first = await inject('POST', '/api/blockchain/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: '0x600160020160005260206000f3' }, 'latest'] });
      expect(first.json()).toMatchObject({ result: `0x${'0'.repeat(63)}3` });
    });

    // The 50 ms p95 target is measured by `npm run bench:chain-rpc` (README benchmarks): on this
    // shared 2-core machine a p95 asserted here would fail with other work's load, not ours.
    it('answers an infinite-loop eth_call within its budget while health answers meanwhile', async () => {
      const { value: answer, healthMs } = await healthBeside(timed(inject('POST', '/api/blockchain/rpc', { ...LOOP, id: 1 })));
      expect(answer.value.json()).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: `execution took longer than ${budgetMs()} ms` } });
      expect(answer.ms).toBeLessThan(budgetMs() + 400);
      expect(healthMs.length).toBeGreaterThanOrEqual(5);
      expect(Math.max(...healthMs)).toBeLessThan(500);
      // eth_estimateGas takes the same bounded path.
      const estimate = await timed(inject('POST', '/api/blockchain/rpc', { jsonrpc: '2.0', id: 2, method: 'eth_estimateGas', params: [{ gas: '0x5F5E100', data: '0x5b600056' }] }));
      expect(estimate.value.json()).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: `execution took longer than ${budgetMs()} ms` } });
      expect(estimate.ms).toBeLessThan(budgetMs() + 400);
    });

    it('answers a batch of ten infinite loops within the budget, refuses a batch of eleven, and reads on at once', async () => {
      const batch = Array.from({ length: 10 }, (_, id) => ({ ...LOOP, id }));
      const { value: answer, healthMs } = await healthBeside(timed(inject('POST', '/api/blockchain/rpc', batch)));
      expect(answer.ms).toBeLessThan(budgetMs() + 400);
      const errors = (answer.value.json() as { error: { code: number; message: string } }[]).map((item) => item.error);
      expect(errors).toHaveLength(10);
      for (const error of errors) {
        expect([`execution took longer than ${budgetMs()} ms`, `The chain is busy: no thread was free to run this call within ${budgetMs()} ms`]).toContain(error.message);
      }
      expect(Math.max(...healthMs)).toBeLessThan(500);
      const eleven = await inject('POST', '/api/blockchain/rpc', [...batch, { ...LOOP, id: 10 }]);
      expect(eleven.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A batch holds 1 to 10 requests' } });
      // The loops stopped themselves: the certificate reads on without waiting for a new thread.
      const read = await timed(inject('POST', '/api/blockchain/rpc', { jsonrpc: '2.0', id: 3, method: 'eth_call', params: [{ to: minted.contract_address, data: '0x06fdde03' }, 'latest'] }));
      expect(read.value.json()).toMatchObject({ id: 3, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
      expect(read.ms).toBeLessThan(300);
    });

    it('answers errors in its own words: a transaction for another chain does not quote the library', async () => {
      // A type-2 transaction signed for chain 1 (viem's serializer; the key is a throwaway).
      const { privateKeyToAccount } = await import('viem/accounts');
      const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
      const raw = await account.signTransaction({ chainId: 1, type: 'eip1559', to: account.address, value: 0n, gas: 21_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1n, nonce: 0 });
      const answer = (await inject('POST', '/api/blockchain/rpc', { jsonrpc: '2.0', id: 4, method: 'eth_sendRawTransaction', params: [raw] })).json();
      expect(answer).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'The transaction is signed for another chain' } });
      expect(JSON.stringify(answer)).not.toMatch(/BigInt|=>|\{ return|chainId\(\)/);
    });

    it('is rate-limited as an expensive route', async () => {
      const limited = await buildApp({ ...testApp.context, config: { ...testApp.context.config, expensiveRateLimitPerMinute: 2 } }, { logger: false, ownsContext: false });
      try {
        const call = () => limited.inject({ method: 'POST', url: '/api/blockchain/rpc', payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, remoteAddress: '10.0.0.29' });
        expect([(await call()).statusCode, (await call()).statusCode, (await call()).statusCode]).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
