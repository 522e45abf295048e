import { loadFloodLayers } from '@propguard/db';
import { withImportedFloodLayers } from '@propguard/engines';
import type { AppContext } from '../app-context.ts';

/** How often the server looks for flood layers imported or removed by another process (PostgreSQL deployments), ms. */
export const HAZARD_LAYER_REFRESH_MS = 60_000;

/**
 * Reloads the imported flood layers into the running hazard context when the set of layers in the
 * database differs from the one in use (a cheap id list query; the polygons are read only on a
 * change). Returns whether it reloaded. On PGlite the CLI cannot import while the server holds the
 * database, so there the layers change only across a restart.
 */
export async function refreshImportedFloodLayers(context: AppContext): Promise<boolean> {
  if (!context.hazards.ready) return false;
  const runtime = context.hazards.runtime;
  const rows = await context.database.query<{ id: number }>(`SELECT id FROM hazard_layers WHERE kind = 'flood' ORDER BY id`);
  const inDatabase = rows.map((row) => row.id).join(',');
  const inUse = (runtime.context.data.floodLayers ?? []).map((layer) => layer.id).sort((a, b) => a - b).join(',');
  if (inDatabase === inUse) return false;
  runtime.context = withImportedFloodLayers(runtime.context, await loadFloodLayers(context.database));
  return true;
}
