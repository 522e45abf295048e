import { Layers } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useHazardLayers } from '../api/get-hazard-layers.ts';

const FIELD_LABELS = { aep: 'annual exceedance probability (%)', ari: 'average recurrence interval (years)', depth: 'flood depth (m)' } as const;

/**
 * The imported hazard overlays (issue 18): each with its licence note and import date. They decide
 * flood answers inside their polygons ahead of the bundled map and the screening.
 */
export function ImportedHazardLayersCard() {
  const layers = useHazardLayers();
  return (
    <Card role="region" aria-label="Imported flood layers">
      <CardHeader title="Imported flood layers" icon={<Layers aria-hidden="true" className="size-5 text-blue-600" />} />
      <CardContent className="space-y-2 text-sm text-slate-700">
        {layers.isPending ? <Skeleton className="h-10" /> : null}
        {layers.isError ? <p className="text-slate-500">The list of imported layers could not be read: {layers.error.message}</p> : null}
        {layers.data && layers.data.layers.length === 0 ? (
          <p className="text-slate-500">
            None imported. Flood answers come from the bundled 2022 Lismore map and, elsewhere, the screening (not a flood study). Bring a
            council or insurer overlay with <code>propguard import hazard-layer --kind flood --file F --field aep</code>.
          </p>
        ) : null}
        {layers.data && layers.data.layers.length > 0 ? (
          <ul className="space-y-1">
            {layers.data.layers.map((layer) => (
              <li key={layer.id}>
                <span className="font-medium text-slate-900">{layer.name}</span>: {layer.featureCount.toLocaleString('en-AU')} features,{' '}
                {layer.field ? FIELD_LABELS[layer.field] : 'extent only'}; imported {layer.importedAt.slice(0, 10)}; licence: {layer.licenceNote}
              </li>
            ))}
          </ul>
        ) : null}
        {layers.data && layers.data.layers.length > layers.data.inUse ? (
          <p className="text-xs text-slate-500">Some layers are not in use yet: the server takes up new layers within a minute.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
