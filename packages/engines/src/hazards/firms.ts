/**
 * Parsing NASA FIRMS active-fire rows (archive CSV or the live area API's CSV, MODIS or VIIRS)
 * into `FireDetection`s: one path for the bundled archive and the live feed.
 * Columns (FIRMS attribute tables): latitude, longitude, acq_date (YYYY-MM-DD, UTC), acq_time
 * (HHMM, UTC), frp (MW), confidence (MODIS: 0-100; VIIRS: l, n, h), type (archive only: 0 =
 * presumed vegetation fire, 1 volcano, 2 other static land source, 3 offshore).
 */
import type { FireDetection } from './types.ts';

/**
 * VIIRS gives confidence classes, not percentages. PropGuard maps them to the MODIS scale so one
 * threshold (MIN_FIRE_CONFIDENCE = 50) applies to both: low -> 0 (excluded, as FIRMS advises for
 * low-confidence VIIRS pixels), nominal -> 50, high -> 100 (the class bounds, not measurements).
 */
export const VIIRS_CONFIDENCE: Readonly<Record<string, number>> = { l: 0, low: 0, n: 50, nominal: 50, h: 100, high: 100 };

/**
 * One FIRMS CSV row (keyed by column name) as a detection; null when the position or date is
 * unusable or the archive marks it as a non-vegetation source (type 1, 2 or 3).
 * @example parseFirmsDetection({ latitude: '-33.1', longitude: '150.2', acq_date: '2019-09-06', acq_time: '335', frp: '12.5', confidence: '78' })
 *   // { lat: -33.1, lng: 150.2, acquiredAt: '2019-09-06T03:35:00Z', frpMw: 12.5, confidence: 78 }
 */
export function parseFirmsDetection(row: Readonly<Record<string, string | undefined>>): FireDetection | null {
  if (row.type !== undefined && row.type.trim() !== '' && row.type.trim() !== '0') return null;
  const lat = Number(row.latitude);
  const lng = Number(row.longitude);
  const date = (row.acq_date ?? '').trim();
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || (row.latitude ?? '').trim() === '' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = (row.acq_time ?? '').trim().padStart(4, '0');
  const frp = Number(row.frp);
  const rawConfidence = (row.confidence ?? '').trim().toLowerCase();
  const numeric = Number(rawConfidence);
  const confidence = rawConfidence === '' ? null : Number.isFinite(numeric) ? numeric : (VIIRS_CONFIDENCE[rawConfidence] ?? null);
  return {
    lat,
    lng,
    acquiredAt: `${date}T${time.slice(0, 2)}:${time.slice(2, 4)}:00Z`,
    frpMw: Number.isFinite(frp) && frp > 0 ? frp : 0,
    confidence,
  };
}
