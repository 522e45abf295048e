// Pinning to an IPFS HTTP API (kubo's /api/v0/dag/put), against a local stand-in that computes the
// CID of what it receives the way kubo does (dag-json, sha2-256, CIDv1).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cidOfDagJson, encodeDagJson } from '@propguard/chain';
import { pinToIpfs } from '../src/services/chain/ipfs-pin.ts';

let server: http.Server;
let url: string;
const requests: string[] = [];
let answerWrongCid = false;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('latin1');
      // The multipart body holds the file between its part headers and the closing boundary.
      const file = body.slice(body.indexOf('\r\n\r\n') + 4, body.lastIndexOf('\r\n--'));
      const cid = await cidOfDagJson(new Uint8Array(Buffer.from(file, 'latin1')));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ Cid: { '/': answerWrongCid ? 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' : cid } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pinToIpfs', () => {
  it('posts the dag-json bytes to /api/v0/dag/put with pin=true and accepts the node\'s matching CID', async () => {
    const { bytes, cid } = await encodeDagJson({ report: { report_id: 'rpt_1' }, estimate_aud: 1_000_000 });
    await pinToIpfs(url, bytes, cid);
    expect(requests.at(-1)).toMatch(/^\/api\/v0\/dag\/put\?.*store-codec=dag-json.*pin=true/);
  });

  it('refuses a node that stored the bytes under another CID, and says so', async () => {
    answerWrongCid = true;
    const { bytes, cid } = await encodeDagJson({ n: 2 });
    await expect(pinToIpfs(url, bytes, cid)).rejects.toThrow(/stored the metadata as bafkrei/);
    answerWrongCid = false;
  });

  it('reports an unreachable node as a service error in our words, not the fetch library\'s', async () => {
    const failure = pinToIpfs('http://127.0.0.1:9', new Uint8Array([123, 125]), 'x');
    await expect(failure).rejects.toThrow('Pinning the metadata to IPFS_API_URL failed: the node could not be reached');
    await expect(failure).rejects.not.toThrow(/fetch failed|ECONNREFUSED/);
  });
});
