import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HazardLayerRemoveResponse, HazardLayerUploadResponse } from '@propguard/schemas';
import { requestApi, uploadApi } from '../../../lib/api-client.ts';

export interface HazardLayerUpload {
  file: File;
  name: string;
  field: 'aep' | 'ari' | 'depth' | '';
  attribute: string;
  licence: string;
}

/**
 * POST /api/data/hazard-layers: the file as the body, the rest in the query (the server imports it
 * with the same function as `propguard import hazard-layer`).
 */
export function uploadHazardLayer(upload: HazardLayerUpload, onProgress: (percent: number) => void): Promise<HazardLayerUploadResponse> {
  const query = new URLSearchParams({ kind: 'flood', fileName: upload.file.name });
  if (upload.field) query.set('field', upload.field);
  if (upload.attribute.trim()) query.set('attribute', upload.attribute.trim());
  if (upload.name.trim()) query.set('name', upload.name.trim());
  if (upload.licence.trim()) query.set('licence', upload.licence.trim());
  return uploadApi<HazardLayerUploadResponse>(`/data/hazard-layers?${query.toString()}`, upload.file, { onProgress });
}

/** Uploads and removals change the list and every flood answer: refetch both. */
function useRefreshAfterLayerChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['data', 'hazard-layers'] }), queryClient.invalidateQueries({ queryKey: ['hazards'] })]);
}

export function useUploadHazardLayer(onProgress: (percent: number) => void) {
  const refresh = useRefreshAfterLayerChange();
  return useMutation({ mutationFn: (upload: HazardLayerUpload) => uploadHazardLayer(upload, onProgress), onSuccess: refresh });
}

/** DELETE /api/data/hazard-layers/{id} */
export function useRemoveHazardLayer() {
  const refresh = useRefreshAfterLayerChange();
  return useMutation({ mutationFn: (id: number) => requestApi<HazardLayerRemoveResponse>(`/data/hazard-layers/${id}`, { method: 'DELETE' }), onSuccess: refresh });
}
