import { Link2 } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

/** The Blockchain tab: valuation certificates, their audit trail and verification. */
export function CertificatesPanel() {
  return (
    <Card>
      <CardHeader
        level={2}
        title="Blockchain Valuation Certificates"
        description="Certificate collection, minting, audit trail and verification by token ID or transaction hash."
        icon={<Link2 aria-hidden="true" className="size-5 text-blue-600" />}
      />
      <CardContent>
        <Notice>
          Certificates arrive with the certificate contract: each valuation report&apos;s content hash minted as an
          ERC-721 token and verifiable by token ID or transaction hash.
        </Notice>
      </CardContent>
    </Card>
  );
}
