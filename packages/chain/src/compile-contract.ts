import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// solc-js (the official compiler built to WebAssembly) is a development dependency: the server
// runs the committed artifact; this module only rebuilds it and checks that it is reproducible.
import solc from 'solc';

const require = createRequire(import.meta.url);
const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACT_SOURCE_PATH = path.join(PACKAGE_DIR, 'contracts', 'ValuationCertificate.sol');
export const ARTIFACT_PATH = path.join(PACKAGE_DIR, 'artifacts', 'ValuationCertificate.json');
const SOURCE_NAME = 'contracts/ValuationCertificate.sol';

/** Compiler settings recorded in the artifact: changing any of them changes the bytecode. */
export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun: supported by the embedded EthereumJS VM and by every current public EVM chain.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  compiler: string;
  openzeppelin: string;
  settings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
  sourceSha256: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

function readImport(importPath: string): { contents: string } | { error: string } {
  try {
    // "@openzeppelin/contracts/..." resolves to the installed, pinned package.
    return { contents: fs.readFileSync(require.resolve(importPath), 'utf8') };
  } catch (error) {
    return { error: `Cannot import ${importPath}: ${(error as Error).message}` };
  }
}

/** Compiles contracts/ValuationCertificate.sol with solc-js; throws with the compiler's messages on an error. */
export function compileValuationCertificate(): ContractArtifact {
  const source = fs.readFileSync(CONTRACT_SOURCE_PATH, 'utf8');
  const input = { language: 'Solidity', sources: { [SOURCE_NAME]: { content: source } }, settings: COMPILER_SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join('\n'));
  const compiled = output.contracts[SOURCE_NAME]?.ValuationCertificate;
  if (!compiled) throw new Error('The compiler produced no ValuationCertificate');
  const openzeppelin = (JSON.parse(fs.readFileSync(require.resolve('@openzeppelin/contracts/package.json'), 'utf8')) as { version: string }).version;
  return {
    contractName: 'ValuationCertificate',
    sourceName: SOURCE_NAME,
    compiler: `solc-js ${solc.version()}`,
    openzeppelin,
    settings: { optimizer: COMPILER_SETTINGS.optimizer, evmVersion: COMPILER_SETTINGS.evmVersion },
    sourceSha256: createHash('sha256').update(source).digest('hex'),
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
    deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
  };
}

/** `npm run compile:contracts`: rewrites the committed artifact. */
export function writeArtifact(artifact: ContractArtifact): void {
  fs.mkdirSync(path.dirname(ARTIFACT_PATH), { recursive: true });
  fs.writeFileSync(ARTIFACT_PATH, `${JSON.stringify(artifact, null, 2)}\n`);
}
