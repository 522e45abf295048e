import { CloudRain, MapPin } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

/** Location and hazard panels of the Risk Analysis tab. */
export function RiskAnalysisPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          level={2}
          title="Property Location and Risk Analysis"
          description="Map of the property with flood, fire and erosion layers."
          icon={<MapPin aria-hidden="true" className="size-5 text-blue-600" />}
        />
        <CardContent>
          <Notice>The map arrives with the address index, which places every address on its real coordinates.</Notice>
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          level={2}
          title="Climate Risk Assessment"
          description="Flood, bushfire, coastal erosion, cyclone, earthquake and subsidence, each scored 0 to 100."
          icon={<CloudRain aria-hidden="true" className="size-5 text-blue-600" />}
        />
        <CardContent>
          <Notice>
            Risk scores arrive with the hazard engine: each hazard assessed from real geography and event records,
            with the method and data it used.
          </Notice>
        </CardContent>
      </Card>
    </div>
  );
}
