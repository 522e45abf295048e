import { useId, useState, type FormEvent } from 'react';
import { Layers, Upload } from 'lucide-react';
import { HAZARD_LAYER_UPLOAD_MAX_BYTES } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useHazardLayers } from '../api/get-hazard-layers.ts';
import { useRemoveHazardLayer, useUploadHazardLayer, type HazardLayerUpload } from '../api/manage-hazard-layers.ts';

const FIELD_LABELS = { aep: 'annual exceedance probability (%)', ari: 'average recurrence interval (years)', depth: 'flood depth (m)' } as const;
const FIELD_OPTIONS = [
  { value: '', label: 'None: the polygons are the flood extent' },
  { value: 'aep', label: 'AEP: annual exceedance probability, %' },
  { value: 'ari', label: 'ARI: average recurrence interval, years' },
  { value: 'depth', label: 'Depth, m' },
] as const;
const MAX_MB = HAZARD_LAYER_UPLOAD_MAX_BYTES / 1024 / 1024;

function featureCount(count: number): string {
  return `${count.toLocaleString('en-AU')} feature${count === 1 ? '' : 's'}`;
}

function formatImportDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The upload form: a GeoJSON, zipped Shapefile or GeoPackage, its name, attribute mapping and licence note, with progress. */
function UploadLayerForm() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [field, setField] = useState<HazardLayerUpload['field']>('');
  const [attribute, setAttribute] = useState('');
  const [licence, setLicence] = useState('');
  const [progress, setProgress] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadHazardLayer(setProgress);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setFileError('Choose a GeoJSON (.geojson, .json), a zipped Shapefile (.zip) or a GeoPackage (.gpkg)');
    if (file.size > HAZARD_LAYER_UPLOAD_MAX_BYTES) return setFileError(`The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the app takes up to ${MAX_MB} MB (the command line reads any size)`);
    setFileError(null);
    setProgress(0);
    upload.mutate({ file, name, field, attribute, licence }, { onSuccess: () => {
      setFile(null);
      setName('');
      setAttribute('');
      setLicence('');
      (event.target as HTMLFormElement).reset();
    } });
  }

  return (
    <form onSubmit={submit} aria-label="Upload a flood layer" className="space-y-3 border-t border-slate-200 pt-3">
      <p className="font-medium text-slate-900">Upload a flood layer</p>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Layer file" htmlFor={`${id}-file`} hint="GeoJSON, a zipped Shapefile or a GeoPackage of polygons in longitude/latitude (WGS84 or GDA2020)" error={fileError ?? undefined}>
          <Input
            id={`${id}-file`}
            type="file"
            accept=".geojson,.json,.zip,.gpkg"
            className="h-auto py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
          />
        </Field>
        <Field label="Name" htmlFor={`${id}-name`} hint="Shown and cited in every flood answer that uses it; default: the file name">
          <Input id={`${id}-name`} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} placeholder="Council 1% AEP flood extent" />
        </Field>
        <Field label="Attribute meaning" htmlFor={`${id}-field`} hint="How a polygon's value maps to a level: inside the 1% AEP extent is High">
          <Select id={`${id}-field`} options={FIELD_OPTIONS} value={field} onChange={(event) => setField(event.target.value as HazardLayerUpload['field'])} />
        </Field>
        <Field label="Attribute column (optional)" htmlFor={`${id}-attribute`} hint="Default: the first column whose name contains aep, ari or depth">
          <Input id={`${id}-attribute`} value={attribute} maxLength={100} disabled={field === ''} onChange={(event) => setAttribute(event.target.value)} />
        </Field>
      </div>
      <Field label="Licence note" htmlFor={`${id}-licence`} hint="Who licensed the data and on what terms; stored with the layer and cited">
        <Input id={`${id}-licence`} value={licence} maxLength={1000} onChange={(event) => setLicence(event.target.value)} placeholder="CC BY 4.0, Example City Council" />
      </Field>
      {upload.isPending ? (
        <div className="space-y-1">
          <div className="h-2 overflow-hidden rounded bg-slate-100" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-slate-600">{progress < 100 ? `Uploading: ${progress}%` : 'Uploaded; reading and indexing the polygons...'}</p>
        </div>
      ) : null}
      {upload.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-red-800">
          Not imported (nothing was stored): {upload.error.message}
        </p>
      ) : null}
      {upload.isSuccess && !upload.isPending ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-2 text-green-900">
          Imported "{upload.data.layer.name}": {featureCount(upload.data.layer.featureCount)}, in use now.
        </p>
      ) : null}
      <Button type="submit" disabled={upload.isPending}>
        <Upload aria-hidden="true" className="size-4" />
        {upload.isPending ? 'Uploading...' : 'Upload layer'}
      </Button>
    </form>
  );
}

/**
 * The imported hazard overlays (issue 18): each with its licence note and import date. They decide
 * flood answers inside their polygons ahead of the bundled map and the screening. An owner or an
 * analyst uploads (GeoJSON, zipped Shapefile, GeoPackage) and removes them here; a viewer sees the list.
 */
export function ImportedHazardLayersCard({ canManage }: { canManage: boolean }) {
  const layers = useHazardLayers();
  const remove = useRemoveHazardLayer();
  return (
    <Card role="region" aria-label="Imported flood layers">
      <CardHeader title="Imported flood layers" icon={<Layers aria-hidden="true" className="size-5 text-blue-600" />} />
      <CardContent className="space-y-3 text-sm text-slate-700">
        {layers.isPending ? <Skeleton className="h-10" /> : null}
        {layers.isError ? <p className="text-slate-500">The list of imported layers could not be read: {layers.error.message}</p> : null}
        {layers.data && layers.data.layers.length === 0 ? (
          <p className="text-slate-500">
            None imported. Flood answers come from the bundled 2022 Lismore map and, elsewhere, the screening (not a flood study). Bring a
            council or insurer overlay{canManage ? ' below, or' : ''} with <code>propguard import hazard-layer --kind flood --file F --field aep</code>.
          </p>
        ) : null}
        {layers.data && layers.data.layers.length > 0 ? (
          <ul className="space-y-2">
            {layers.data.layers.map((layer) => (
              <li key={layer.id} className="flex flex-wrap items-start justify-between gap-2">
                <span>
                  <span className="font-medium text-slate-900">{layer.name}</span>: {featureCount(layer.featureCount)},{' '}
                  {layer.field ? FIELD_LABELS[layer.field] : 'extent only'}; imported {formatImportDate(layer.importedAt)} from {layer.sourceFile}; licence: {layer.licenceNote}
                </span>
                {canManage ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${layer.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Remove the flood layer "${layer.name}"? Flood answers will no longer use it.`)) remove.mutate(layer.id);
                    }}
                  >
                    Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {remove.isError ? <p role="alert" className="text-red-700">The layer was not removed: {remove.error.message}</p> : null}
        {layers.data && layers.data.layers.length > layers.data.inUse ? (
          <p className="text-xs text-slate-500">Some layers are not in use yet: the server takes up layers imported from the command line within a minute.</p>
        ) : null}
        {canManage ? <UploadLayerForm /> : <p className="text-xs text-slate-500">Uploading or removing a layer needs the analyst or owner role.</p>}
      </CardContent>
    </Card>
  );
}
