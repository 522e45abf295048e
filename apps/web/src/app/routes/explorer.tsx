import { useParams } from 'react-router';
import { ExplorerTokenView, ExplorerTransactionView } from '../../features/blockchain/index.ts';

export function ExplorerTxRoute() {
  const { hash } = useParams();
  return <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">{hash ? <ExplorerTransactionView key={hash} hash={hash} /> : null}</main>;
}

export function ExplorerTokenRoute() {
  const { tokenId } = useParams();
  return <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">{tokenId ? <ExplorerTokenView key={tokenId} tokenId={tokenId} /> : null}</main>;
}
