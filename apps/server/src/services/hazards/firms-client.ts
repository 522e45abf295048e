import { parse } from 'csv-parse/sync';

/** One live active-fire detection from the FIRMS area API. */
export interface LiveFireDetection {
  lat: number;
  lng: number;
  /** ISO 8601, UTC (FIRMS acq_date + acq_time). */
  acquiredAt: string;
  frpMw: number;
  /** 0-100; VIIRS "l/n/h" read as 30/60/90 (the FIRMS VIIRS nominal classes), MODIS as given. */
  confidence: number | null;
}

export interface FirmsClientOptions {
  mapKey: string;
  source: string;
  baseUrl: string;
  /** Per attempt, ms. */
  timeoutMs?: number;
  /** Extra attempts after a network error, a timeout or a 5xx. */
  retries?: number;
  /** Days back from today, 1 to 5 (the area API's DAY_RANGE). */
  dayRange?: number;
  fetchImpl?: typeof fetch;
}

export class FirmsError extends Error {
  constructor(message: string, readonly isRetryable: boolean) {
    super(message);
    this.name = 'FirmsError';
  }
}

// FIRMS VIIRS confidence classes: low, nominal, high (FIRMS VIIRS attribute documentation).
const VIIRS_CONFIDENCE: Record<string, number> = { l: 30, n: 60, h: 90, low: 30, nominal: 60, high: 90 };

function readConfidence(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const named = VIIRS_CONFIDENCE[value.toLowerCase()];
  if (named !== undefined) return named;
  const numeric = Number(value);
  return Number.isFinite(numeric) ? numeric : null;
}

/** acq_date "2026-11-23" + acq_time "0412" (HHMM, UTC) -> "2026-11-23T04:12:00Z". */
function readAcquiredAt(date: string, time: string): string {
  const padded = time.padStart(4, '0');
  return `${date}T${padded.slice(0, 2)}:${padded.slice(2, 4)}:00Z`;
}

/** Parses the area API's CSV (MODIS and VIIRS share latitude, longitude, acq_date, acq_time, confidence, frp). */
export function parseFirmsCsv(text: string): LiveFireDetection[] {
  const trimmed = text.trim();
  // The API answers errors as plain text with status 200 (e.g. "Invalid MAP_KEY.").
  if (!trimmed.toLowerCase().startsWith('latitude')) {
    throw new FirmsError(`FIRMS answered: ${trimmed.slice(0, 120) || 'an empty body'}`, false);
  }
  const rows = parse(trimmed, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const detections: LiveFireDetection[] = [];
  for (const row of rows) {
    const lat = Number(row.latitude);
    const lng = Number(row.longitude);
    const frpMw = Number(row.frp);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !row.acq_date || !row.acq_time) continue;
    detections.push({ lat, lng, acquiredAt: readAcquiredAt(row.acq_date, row.acq_time), frpMw: Number.isFinite(frpMw) ? frpMw : 0, confidence: readConfidence(row.confidence) });
  }
  return detections;
}

/** The bounding box (west,south,east,north) of a circle of radiusKm around a point. */
export function boundingBox(lat: number, lng: number, radiusKm: number): [number, number, number, number] {
  const latDelta = radiusKm / 111.32;
  const lngDelta = radiusKm / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return [round(lng - lngDelta), round(lat - latDelta), round(lng + lngDelta), round(lat + latDelta)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * NASA FIRMS area API: `GET {base}/api/area/csv/{MAP_KEY}/{SOURCE}/{west,south,east,north}/{DAY_RANGE}`.
 * Retries network errors, timeouts and 5xx answers with a short back-off; a 4xx or an error text
 * (bad key) fails at once.
 */
export async function fetchFirmsDetections(lat: number, lng: number, radiusKm: number, options: FirmsClientOptions): Promise<LiveFireDetection[]> {
  const { mapKey, source, baseUrl, timeoutMs = 4_000, retries = 2, dayRange = 5, fetchImpl = fetch } = options;
  const area = boundingBox(lat, lng, radiusKm).join(',');
  const url = `${baseUrl.replace(/\/+$/, '')}/api/area/csv/${encodeURIComponent(mapKey)}/${source}/${area}/${dayRange}`;
  let lastError: FirmsError = new FirmsError('FIRMS was not asked', true);
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(300 * 2 ** (attempt - 1));
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'text/csv' } });
      const body = await response.text();
      if (response.status >= 500) {
        lastError = new FirmsError(`FIRMS answered HTTP ${response.status}`, true);
        continue;
      }
      if (!response.ok) throw new FirmsError(`FIRMS answered HTTP ${response.status}: ${body.trim().slice(0, 120)}`, false);
      return parseFirmsCsv(body);
    } catch (error) {
      if (error instanceof FirmsError && !error.isRetryable) throw error;
      lastError = error instanceof FirmsError ? error : new FirmsError(`FIRMS did not answer: ${(error as Error).message}`, true);
    }
  }
  throw lastError;
}
