// npm run compile:contracts: compiles the certificate contract and rewrites its committed artifact.
import { compileValuationCertificate, writeArtifact, ARTIFACT_PATH } from './src/compile-contract.ts';

const started = performance.now();
const artifact = compileValuationCertificate();
writeArtifact(artifact);
console.log(`${artifact.contractName}: ${(artifact.bytecode.length - 2) / 2} bytes of bytecode (${artifact.compiler}, OpenZeppelin ${artifact.openzeppelin}) in ${Math.round(performance.now() - started)} ms -> ${ARTIFACT_PATH}`);
