/**
 * Writes data/hazard-known-places/earthquake_known_places.csv (issue 33): every onshore event of
 * Mw 6 or more in the full NSHA18 catalogue (NSHA18CAT.MW.V0.2.csv, foreshocks and aftershocks
 * included, so that all main shocks of a sequence such as Tennant Creek 1988 are listed).
 * - magnitude: the catalogue's preferred moment magnitude (the second PREFMW column, after the
 *   NSHA18 conversions; the first PREFMW holds only measured Mw);
 * - onshore: the epicentre lies inside an ABS 2021 suburb and locality polygon (they tile the land
 *   of Australia; Collier Bay 1997, Rowley Shoals 1979 and the ocean events fall outside).
 * Usage: npx tsx scripts/data/nsha18-onshore-m6.ts /work/shared/data/earthquakes-nsha18-catalogue/NSHA18CAT.MW.V0.2.csv
 * Evaluation only (bench:hazards, hazards-sanity), never a score input.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadHazardData } from '@propguard/db';
import { buildHazardContext, locateSite } from '@propguard/engines';
import { parse } from 'csv-parse/sync';

const cataloguePath = process.argv[2];
if (!cataloguePath) throw new Error('usage: nsha18-onshore-m6.ts PATH/NSHA18CAT.MW.V0.2.csv');
const dataDir = new URL('../../data', import.meta.url).pathname;
const context = buildHazardContext(await loadHazardData(dataDir));
const rows = parse(readFileSync(cataloguePath, 'latin1'), { columns: false, skip_empty_lines: true }) as string[][];
const header = rows[0]!;
const column = (name: string, nth = 0) => header.reduce<number[]>((found, cell, i) => (cell === name ? [...found, i] : found), [])[nth]!;
const [time, dependence, lng, lat, depth, mw, mwSource, comment] = [column('DATESTR'), column('DEPENDENCE'), column('LON'), column('LAT'), column('DEP'), column('PREFMW', 1), column('PREFMWSRC', 1), column('COMM')];
const quote = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const out = ['event_time,place,lat,lng,depth_km,mw,mw_source,dependence,suburb'];
for (const row of rows.slice(1)) {
  const magnitude = Number(row[mw]);
  if (!(magnitude >= 6)) continue;
  const point = { lat: Number(row[lat]), lng: Number(row[lng]) };
  const site = locateSite(point, context);
  if (!site.suburb) continue;
  out.push([row[time]!, quote(row[comment]!), row[lat], row[lng], row[depth], magnitude.toFixed(2), quote(row[mwSource]!), row[dependence], quote(site.suburb.name)].join(','));
}
writeFileSync(`${dataDir}/hazard-known-places/earthquake_known_places.csv`, `${out.join('\n')}\n`);
console.log(`${out.length - 1} onshore events of Mw 6 or more`);
