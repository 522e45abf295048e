// The committed artifact is what the committed source compiles to (solc-js 0.8.37, OpenZeppelin
// 5.7.0, the recorded settings): a changed source or compiler without `npm run compile:contracts`
// fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_PATH, compileValuationCertificate, type ContractArtifact } from '../src/compile-contract.ts';

describe('ValuationCertificate artifact', () => {
  it('recompiling the source reproduces the committed ABI and bytecode byte for byte', () => {
    const committed = JSON.parse(fs.readFileSync(ARTIFACT_PATH, 'utf8')) as ContractArtifact;
    const compiled = compileValuationCertificate();
    expect(compiled.sourceSha256).toBe(committed.sourceSha256);
    expect(compiled.compiler).toBe(committed.compiler);
    expect(compiled.abi).toEqual(committed.abi);
    expect(compiled.bytecode).toBe(committed.bytecode);
    expect(compiled.deployedBytecode).toBe(committed.deployedBytecode);
    expect(committed.bytecode.length).toBeGreaterThan(10_000);
  });
});
