// Certificate metadata: canonical dag-json (key order does not matter), a CIDv1 anyone can
// recompute, and the property key that links certificates of one property.
import { describe, expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import { cidOfDagJson, decodeDagJson, encodeDagJson, parseCid, reportHashOf } from '../src/index.ts';

describe('certificate metadata encoding', () => {
  it('encodes the same value to the same bytes and CID whatever the key order', async () => {
    const a = await encodeDagJson({ b: 1, a: { d: 'x', c: [1, 2] } });
    const b = await encodeDagJson({ a: { c: [1, 2], d: 'x' }, b: 1 });
    expect(new TextDecoder().decode(a.bytes)).toBe('{"a":{"c":[1,2],"d":"x"},"b":1}');
    expect(b.cid).toBe(a.cid);
    expect(await cidOfDagJson(a.bytes)).toBe(a.cid);
    const cid = CID.parse(a.cid);
    expect(cid.version).toBe(1);
    expect(cid.code).toBe(0x0129); // dag-json
    expect(cid.multihash.code).toBe(0x12); // sha2-256
    expect(decodeDagJson(a.bytes)).toEqual({ a: { c: [1, 2], d: 'x' }, b: 1 });
  });

  it('a changed value changes the CID', async () => {
    expect((await encodeDagJson({ estimate_aud: 1_000_000 })).cid).not.toBe((await encodeDagJson({ estimate_aud: 1_000_001 })).cid);
  });

  it('parses CIDs and refuses anything else; report hashes become bytes32', () => {
    expect(parseCid('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).toBe('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy');
    expect(() => parseCid('not-a-cid')).toThrow();
    expect(reportHashOf('AB'.repeat(32))).toBe(`0x${'ab'.repeat(32)}`);
  });
});
