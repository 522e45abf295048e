import { DollarSign, MessageSquare, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

const PANELS: ReadonlyArray<{ title: string; icon: ReactNode; text: string }> = [
  {
    title: 'Market Sentiment',
    icon: <MessageSquare aria-hidden="true" className="size-5 text-blue-600" />,
    text: "Sentiment, trend and summary arrive with the market analysis issue, computed from the suburb's price momentum, volume and clearance.",
  },
  {
    title: 'Investment Metrics',
    icon: <DollarSign aria-hidden="true" className="size-5 text-blue-600" />,
    text: 'Cap rate, cash-on-cash, NOI and DSCR arrive with the market analysis issue, from rent data where we have it.',
  },
  {
    title: 'Lending Compliance',
    icon: <ShieldCheck aria-hidden="true" className="size-5 text-blue-600" />,
    text: 'LVR, LMI, APS 112 risk weight and capital, APG 223 serviceability and the 2050 climate-adjusted LVR of this property are on the APRA Compliance tab, with a loan amount you can change.',
  },
];

const MARKET_PANELS = new Set(['Market Sentiment', 'Investment Metrics']);

/**
 * The analytics panels: the risk detail (from the risk feature), the market panels (from the
 * market feature) and those whose engines are still to come.
 */
export function PendingAnalytics({ riskDetail, marketPanels }: { riskDetail?: ReactNode; marketPanels?: ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {riskDetail}
      {marketPanels}
      {PANELS.filter((panel) => !(marketPanels && MARKET_PANELS.has(panel.title))).map((panel) => (
        <Card key={panel.title}>
          <CardHeader title={panel.title} icon={panel.icon} />
          <CardContent>
            <Notice>{panel.text}</Notice>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
