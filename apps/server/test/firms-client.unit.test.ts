import { describe, expect, it } from 'vitest';
import { boundingBox, fetchFirmsDetections, FirmsError, parseFirmsCsv } from '../src/services/hazards/firms-client.ts';

// Two rows in the column layout of the FIRMS area API for VIIRS (bright_ti4 ... daynight).
const VIIRS_CSV = `latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight
-37.61234,149.31234,345.6,0.39,0.36,2026-11-21,0412,N,VIIRS,n,2.0NRT,290.1,12.5,D
-37.70000,149.20000,367.2,0.41,0.37,2026-11-22,1530,N,VIIRS,h,2.0NRT,295.3,48.25,N
`;

function fakeFetch(answers: Array<() => Response | Promise<Response>>): { fetchImpl: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  let call = 0;
  const fetchImpl = (async (input: string | URL | Request) => {
    urls.push(String(input));
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return answer!();
  }) as typeof fetch;
  return { fetchImpl, urls };
}

describe('FIRMS area API client', () => {
  it('parses VIIRS rows: UTC time from acq_date + acq_time, FRP in MW, l/n/h confidence as 30/60/90', () => {
    expect(parseFirmsCsv(VIIRS_CSV)).toEqual([
      { lat: -37.61234, lng: 149.31234, acquiredAt: '2026-11-21T04:12:00Z', frpMw: 12.5, confidence: 60 },
      { lat: -37.7, lng: 149.2, acquiredAt: '2026-11-22T15:30:00Z', frpMw: 48.25, confidence: 90 },
    ]);
  });

  it('reads an error text answered with status 200 (a bad key) as a failure, not as no fires', () => {
    expect(() => parseFirmsCsv('Invalid MAP_KEY.')).toThrow(/Invalid MAP_KEY/);
  });

  it('asks for the bounding box of the radius: 50 km is 0.449 degrees of latitude', () => {
    // 50 / 111.32 = 0.4492; at 37.6 S one degree of longitude is 111.32 * cos(37.6°) = 88.2 km, so 50 km = 0.567°.
    const [west, south, east, north] = boundingBox(-37.6, 149.3, 50);
    expect(north - -37.6).toBeCloseTo(0.4492, 3);
    expect(-37.6 - south).toBeCloseTo(0.4492, 3);
    expect(east - 149.3).toBeCloseTo(0.567, 2);
    expect(149.3 - west).toBeCloseTo(0.567, 2);
  });

  it('builds the area URL with the key, source, box and day range', async () => {
    const { fetchImpl, urls } = fakeFetch([() => new Response(VIIRS_CSV)]);
    const detections = await fetchFirmsDetections(-37.6, 149.3, 50, { mapKey: 'abc123', source: 'VIIRS_SNPP_NRT', baseUrl: 'http://firms.test/', fetchImpl });
    expect(detections).toHaveLength(2);
    expect(urls).toEqual(['http://firms.test/api/area/csv/abc123/VIIRS_SNPP_NRT/148.7331,-38.0492,149.8669,-37.1508/5']);
  });

  it('retries a 503 and then succeeds', async () => {
    const { fetchImpl, urls } = fakeFetch([() => new Response('busy', { status: 503 }), () => new Response(VIIRS_CSV)]);
    const detections = await fetchFirmsDetections(-37.6, 149.3, 50, { mapKey: 'k', source: 'MODIS_NRT', baseUrl: 'http://firms.test', fetchImpl });
    expect(detections).toHaveLength(2);
    expect(urls).toHaveLength(2);
  });

  it('gives up after the retries on network errors, and does not retry a 4xx', async () => {
    const failing = fakeFetch([() => Promise.reject(new TypeError('fetch failed'))]);
    await expect(fetchFirmsDetections(-37.6, 149.3, 50, { mapKey: 'k', source: 'MODIS_NRT', baseUrl: 'http://firms.test', fetchImpl: failing.fetchImpl, retries: 2 })).rejects.toThrow(/did not answer: fetch failed/);
    expect(failing.urls).toHaveLength(3);

    const forbidden = fakeFetch([() => new Response('Invalid MAP_KEY.', { status: 400 })]);
    const error = await fetchFirmsDetections(-37.6, 149.3, 50, { mapKey: 'k', source: 'MODIS_NRT', baseUrl: 'http://firms.test', fetchImpl: forbidden.fetchImpl }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FirmsError);
    expect(forbidden.urls).toHaveLength(1);
  });
});
