// The certificate contract, function by function and revert by revert, on the embedded chain
// (in-memory store) through viem and the chain's own JSON-RPC.
import { beforeAll, describe, expect, it } from 'vitest';
import { BaseError, ContractFunctionRevertedError, createPublicClient, createWalletClient, keccak256, parseEventLogs, toHex, zeroHash, type Chain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CERTIFICATE_ABI, CERTIFICATE_BYTECODE, EmbeddedChain, MemoryChainStore, embeddedTransport, type Hex } from '../src/index.ts';

const CHAIN_ID = 7316n;
// Fixed test keys (never used anywhere else): admin+minter, a second minter, an outsider.
const ADMIN = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const MINTER2 = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const OUTSIDER = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'));

const hash = (label: string): Hex => keccak256(toHex(label));
const PROPERTY_A = hash('property A');
const PROPERTY_B = hash('property B');

let chain: EmbeddedChain;
let contract: Hex;
let publicClient: ReturnType<typeof createPublicClient>;
let wallet: (account: typeof ADMIN) => ReturnType<typeof createWalletClient>;
let viemChain: Chain;

async function read<T>(functionName: string, args: unknown[] = []): Promise<T> {
  return (await publicClient.readContract({ address: contract, abi: CERTIFICATE_ABI, functionName, args })) as T;
}

/** Sends a transaction and waits for it; answers the receipt. */
async function write(account: typeof ADMIN, functionName: string, args: unknown[]) {
  const hash = await wallet(account).writeContract({ address: contract, abi: CERTIFICATE_ABI, functionName, args, account, chain: viemChain, gas: 600_000n });
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 5 });
}

/** The custom error a call reverts with (simulated through eth_call), or null when it does not revert. */
async function revertOf(account: typeof ADMIN, functionName: string, args: unknown[]): Promise<string | null> {
  try {
    await publicClient.simulateContract({ address: contract, abi: CERTIFICATE_ABI, functionName, args, account });
    return null;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.reason ?? 'reverted';
    throw error;
  }
}

async function mint(reportLabel: string, property: Hex, cid: string, supersedes = 0n, account = ADMIN) {
  const receipt = await write(account, 'mint', [account.address, hash(reportLabel), property, cid, supersedes]);
  const [issued] = parseEventLogs({ abi: CERTIFICATE_ABI, logs: receipt.logs, eventName: 'CertificateIssued' }) as unknown as { args: { tokenId: bigint } }[];
  return { receipt, tokenId: issued?.args.tokenId };
}

beforeAll(async () => {
  chain = await EmbeddedChain.open({
    chainId: CHAIN_ID,
    store: new MemoryChainStore(),
    genesis: [ADMIN, MINTER2, OUTSIDER].map((account) => ({ address: account.address, balanceWei: 10n ** 21n })),
  });
  viemChain = { id: Number(CHAIN_ID), name: 'test', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } };
  const transport = embeddedTransport(chain);
  publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 5 });
  wallet = (account) => createWalletClient({ account, chain: viemChain, transport, pollingInterval: 5 });
  const deployHash = await wallet(ADMIN).deployContract({ abi: CERTIFICATE_ABI, bytecode: CERTIFICATE_BYTECODE, args: [ADMIN.address, ADMIN.address], account: ADMIN, chain: viemChain, gas: 5_000_000n });
  const receipt = await publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 5 });
  expect(receipt.status).toBe('success');
  contract = receipt.contractAddress!;
});

describe('ValuationCertificate: deployment', () => {
  it('names the collection and grants the admin and minter roles to the constructor arguments', async () => {
    expect(await read('name')).toBe('PropGuard Valuation Certificate');
    expect(await read('symbol')).toBe('PGVC');
    expect(await read('MINTER_ROLE')).toBe(MINTER_ROLE);
    expect(await read('hasRole', [zeroHash, ADMIN.address])).toBe(true);
    expect(await read('hasRole', [MINTER_ROLE, ADMIN.address])).toBe(true);
    expect(await read('hasRole', [MINTER_ROLE, OUTSIDER.address])).toBe(false);
    expect(await read('getRoleAdmin', [MINTER_ROLE])).toBe(zeroHash);
    expect(await read('totalSupply')).toBe(0n);
  });

  it('declares ERC-165, ERC-721, ERC-721 metadata and AccessControl, and nothing else', async () => {
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0x7965db0b']) expect(await read('supportsInterface', [id]), id).toBe(true);
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
    expect(await read('supportsInterface', ['0x12345678'])).toBe(false);
  });
});

describe('ValuationCertificate: mint', () => {
  it('records the report hash, property, CID, issuer and time, emits CertificateIssued and Transfer, and serves tokenURI ipfs://<cid>', async () => {
    const before = chain.latestBlock.header.timestamp;
    const { receipt, tokenId } = await mint('report 1', PROPERTY_A, 'bagaaiera-one');
    expect(receipt.status).toBe('success');
    expect(tokenId).toBe(1n);
    const certificate = await read<{ reportHash: Hex; propertyKey: Hex; cid: string; issuer: Hex; issuedAt: bigint; supersedes: bigint; supersededBy: bigint }>('certificate', [1n]);
    expect(certificate.reportHash).toBe(hash('report 1'));
    expect(certificate.propertyKey).toBe(PROPERTY_A);
    expect(certificate.cid).toBe('bagaaiera-one');
    expect(certificate.issuer).toBe(ADMIN.address);
    expect(certificate.issuedAt).toBeGreaterThanOrEqual(before);
    expect(certificate.supersedes).toBe(0n);
    expect(certificate.supersededBy).toBe(0n);
    expect(await read('tokenURI', [1n])).toBe('ipfs://bagaaiera-one');
    expect(await read('ownerOf', [1n])).toBe(ADMIN.address);
    expect(await read('balanceOf', [ADMIN.address])).toBe(1n);
    expect(await read('tokenOfReport', [hash('report 1')])).toBe(1n);
    expect(await read('tokenOfReport', [hash('never certified')])).toBe(0n);
    expect(await read('totalSupply')).toBe(1n);
    const names = parseEventLogs({ abi: CERTIFICATE_ABI, logs: receipt.logs }).map((log) => (log as unknown as { eventName: string }).eventName);
    expect(names).toEqual(['Transfer', 'CertificateIssued']);
  });

  it('reverts for an account without the minter role (AccessControlUnauthorizedAccount), and the mined transaction fails', async () => {
    expect(await revertOf(OUTSIDER, 'mint', [OUTSIDER.address, hash('outsider report'), PROPERTY_A, 'cid', 0n])).toBe('AccessControlUnauthorizedAccount');
    const receipt = await write(OUTSIDER, 'mint', [OUTSIDER.address, hash('outsider report'), PROPERTY_A, 'cid', 0n]);
    expect(receipt.status).toBe('reverted');
    expect(await read('tokenOfReport', [hash('outsider report')])).toBe(0n);
  });

  it('certifies a report hash once (ReportAlreadyCertified)', async () => {
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, hash('report 1'), PROPERTY_A, 'another-cid', 0n])).toBe('ReportAlreadyCertified');
  });

  it('refuses an empty report hash, property key or CID', async () => {
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, zeroHash, PROPERTY_A, 'cid', 0n])).toBe('EmptyReportHash');
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, hash('report x'), zeroHash, 'cid', 0n])).toBe('EmptyPropertyKey');
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, hash('report x'), PROPERTY_A, '', 0n])).toBe('EmptyCid');
  });

  it('refuses to mint to the zero address (ERC721InvalidReceiver)', async () => {
    expect(await revertOf(ADMIN, 'mint', ['0x0000000000000000000000000000000000000000', hash('report x'), PROPERTY_A, 'cid', 0n])).toBe('ERC721InvalidReceiver');
  });
});

describe('ValuationCertificate: supersede', () => {
  it('links a new certificate of the same property to the old one both ways, with CertificateSuperseded', async () => {
    const { receipt, tokenId } = await mint('report 2', PROPERTY_A, 'bagaaiera-two', 1n);
    expect(tokenId).toBe(2n);
    const superseded = parseEventLogs({ abi: CERTIFICATE_ABI, logs: receipt.logs, eventName: 'CertificateSuperseded' }) as unknown as { args: { previousTokenId: bigint; newTokenId: bigint } }[];
    expect(superseded.map((log) => log.args)).toEqual([{ previousTokenId: 1n, newTokenId: 2n }]);
    expect((await read<{ supersededBy: bigint }>('certificate', [1n])).supersededBy).toBe(2n);
    expect((await read<{ supersedes: bigint }>('certificate', [2n])).supersedes).toBe(1n);
  });

  it('refuses to supersede a token twice (AlreadySuperseded), another property (DifferentProperty) or a missing token (ERC721NonexistentToken)', async () => {
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, hash('report 3'), PROPERTY_A, 'cid', 1n])).toBe('AlreadySuperseded');
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, hash('report 3'), PROPERTY_B, 'cid', 2n])).toBe('DifferentProperty');
    expect(await revertOf(ADMIN, 'mint', [ADMIN.address, hash('report 3'), PROPERTY_A, 'cid', 99n])).toBe('ERC721NonexistentToken');
  });
});

describe('ValuationCertificate: reads of missing tokens', () => {
  it('certificate, tokenURI and ownerOf revert with ERC721NonexistentToken', async () => {
    for (const functionName of ['certificate', 'tokenURI', 'ownerOf']) {
      expect(await revertOf(ADMIN, functionName, [99n]), functionName).toBe('ERC721NonexistentToken');
      expect(await revertOf(ADMIN, functionName, [0n]), functionName).toBe('ERC721NonexistentToken');
    }
  });
});

describe('ValuationCertificate: roles', () => {
  it('lets the admin grant and revoke the minter role, and nobody else', async () => {
    expect(await revertOf(OUTSIDER, 'grantRole', [MINTER_ROLE, OUTSIDER.address])).toBe('AccessControlUnauthorizedAccount');
    expect((await write(ADMIN, 'grantRole', [MINTER_ROLE, MINTER2.address])).status).toBe('success');
    const { tokenId } = await mint('report by minter 2', PROPERTY_B, 'bagaaiera-three', 0n, MINTER2);
    expect(tokenId).toBe(3n);
    expect((await read<{ issuer: Hex }>('certificate', [3n])).issuer).toBe(MINTER2.address);
    expect((await write(ADMIN, 'revokeRole', [MINTER_ROLE, MINTER2.address])).status).toBe('success');
    expect(await revertOf(MINTER2, 'mint', [MINTER2.address, hash('report 4'), PROPERTY_B, 'cid', 0n])).toBe('AccessControlUnauthorizedAccount');
  });

  it('lets an account renounce its own role only (AccessControlBadConfirmation)', async () => {
    expect(await revertOf(ADMIN, 'renounceRole', [MINTER_ROLE, OUTSIDER.address])).toBe('AccessControlBadConfirmation');
    expect(await revertOf(ADMIN, 'renounceRole', [MINTER_ROLE, ADMIN.address])).toBeNull();
  });
});

describe('ValuationCertificate: transfers (ERC-721)', () => {
  it('moves a certificate to a new owner and keeps what it certifies; a stranger cannot move it', async () => {
    expect(await revertOf(OUTSIDER, 'transferFrom', [ADMIN.address, OUTSIDER.address, 1n])).toBe('ERC721InsufficientApproval');
    expect((await write(ADMIN, 'transferFrom', [ADMIN.address, OUTSIDER.address, 1n])).status).toBe('success');
    expect(await read('ownerOf', [1n])).toBe(OUTSIDER.address);
    expect((await read<{ reportHash: Hex }>('certificate', [1n])).reportHash).toBe(hash('report 1'));
  });
});
