/** @propguard/chain: the certificate contract, the embedded EVM chain and its JSON-RPC, and certificate metadata. */
export { MemoryChainStore, type ChainStore, type Hex, type LogFilter, type StoredBlock, type StoredLog, type StoredTransaction } from './chain-store.ts';
export { EmbeddedChain, BLOCK_GAS_LIMIT, type CallRunner, type EmbeddedChainOptions, type GenesisAllocation } from './embedded-chain.ts';
export { ChainError } from './chain-error.ts';
export { BoundedCallRunner, type CallLimits } from './bounded-calls.ts';
export { answerRpc, answerRpcBody, RPC_METHODS, MAX_BATCH, type RpcRequest, type RpcResponse } from './json-rpc.ts';
export { embeddedTransport } from './embedded-transport.ts';
export { CertificateRegistry, CertificateRevert, CERTIFICATE_ABI, CERTIFICATE_BYTECODE, CERTIFICATE_ARTIFACT, type IssuedEvent, type MintOutcome, type MintRequest, type OnChainCertificate, type SupersededEvent } from './certificate-registry.ts';
export { buildCertificateMetadata, encodeDagJson, cidOfDagJson, decodeDagJson, isPublicMetadata, parseCid, propertyKeyOf, publicMetadataOf, reportHashOf, reportIdOfLegacyMetadata, LEGACY_METADATA_SCHEMA, METADATA_SCHEMA, type CertificateIssuer, type CertificateMetadata } from './certificate-metadata.ts';
export { loadMinterKey, minterAddressOf, minterKeyFile, openSealedMinterKey, readMinterKeyFile, sealMinterKey, writeMinterKeyFile, SEALED_MINTER_KEY_FORMAT, type SealedMinterKey } from './minter-key.ts';
