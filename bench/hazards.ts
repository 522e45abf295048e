/**
 * `npm run bench:hazards`: start-up cost of the hazard data (load + index: time and memory) and
 * the speed of the six hazards at real places: every 6th locality of the national gazetteer
 * (about 3,000 places in every state), under the high scenario in 2050. Prints assessments per
 * second and p50/p95 latency of one full report (all six hazards + overall), and of one Climate
 * dashboard (report + 6 projection rows + ten-year series + mitigation).
 * Then ranks every hazard on the known flood-affected and flood-free places of
 * data/hazard-known-places (AUC, flood-affected positive; "No data" ranks lowest) and checks, per city,
 * that every flooded place scores above every hill. Then (issue 33) the earthquake score at the
 * epicentre of every onshore NSHA18 event of Mw 6+ (data/hazard-known-places/earthquake_known_places.csv)
 * against the capitals (AUC; and the capitals in the lowest hazard zone each below every epicentre),
 * and the flood score of plateau, ridge and inland-desert places far from every mapped river.
 * Reads PROPGUARD_DATA_PATH (default ./data). Run with --expose-gc for a cleaner memory figure.
 */
import { loadHazardData, loadKnownEarthquakePlaces, loadKnownFloodPlaces } from '@propguard/db';
import { assessHazards, buildClimateDashboard, buildHazardContext, capitalsInLowestHazardZone, rankingAuc, SEISMIC_PLACES } from '@propguard/engines';
import { HAZARD_IDS } from '@propguard/schemas';
import { loadCliConfig } from '../apps/cli/src/config.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const config = loadCliConfig();
gc?.();
const rssBeforeMb = process.memoryUsage().rss / 1e6;
const heapBeforeMb = process.memoryUsage().heapUsed / 1e6;
const startedAt = performance.now();
const data = await loadHazardData(config.dataDir);
const loadedAt = performance.now();
const context = buildHazardContext(data);
const builtAt = performance.now();
gc?.();
const memory = process.memoryUsage();

const places = data.localities.filter((_, i) => i % 6 === 0).map(({ lat, lng }) => ({ lat, lng }));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function measure(label: string, run: (place: { lat: number; lng: number }) => unknown, assessmentsPerRun: number | null): void {
  for (const place of places.slice(0, 200)) run(place); // warm-up
  const times: number[] = [];
  const started = performance.now();
  for (const place of places) {
    const t0 = performance.now();
    run(place);
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(30)} ${places.length} places: ` +
      (assessmentsPerRun === null ? '' : `${Math.round((places.length * assessmentsPerRun) / seconds).toLocaleString('en-AU')} hazard assessments/s, `) +
      `${Math.round(places.length / seconds).toLocaleString('en-AU')} calls/s, p50 ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
  );
}

console.log(
  `Start-up: load ${((loadedAt - startedAt) / 1000).toFixed(2)} s + index ${((builtAt - loadedAt) / 1000).toFixed(2)} s = ${((builtAt - startedAt) / 1000).toFixed(2)} s; ` +
    `memory +${Math.round(memory.rss / 1e6 - rssBeforeMb)} MB RSS, +${Math.round(memory.heapUsed / 1e6 - heapBeforeMb)} MB JS heap, ${Math.round(memory.arrayBuffers / 1e6)} MB typed arrays` +
    (gc ? '' : ' (run with --expose-gc for settled figures)'),
);
measure('assessHazards (six + overall)', (place) => assessHazards(place, context, 'high', 2050), HAZARD_IDS.length);
measure('buildClimateDashboard', (place) => buildClimateDashboard(place, context, 'high', 900_000), null);

const known = await loadKnownFloodPlaces(config.dataDir);
const reports = known.map((place) => ({ place, report: assessHazards(place, context, 'high', 2025) }));
const scoreOf = (report: (typeof reports)[number]['report'], hazard: string): number | null => {
  const assessment = report.assessments.find((a) => a.hazard === hazard)!;
  return assessment.hasData ? assessment.score : null;
};
console.log(`\nKnown places (${known.filter((p) => p.isFloodAffected).length} flood-affected, ${known.filter((p) => !p.isFloodAffected).length} flood-free; present day; "No data" ranks lowest):`);
console.log(`${'city'.padEnd(10)} ${'place'.padEnd(34)} flooded ${HAZARD_IDS.map((h) => h.padStart(10)).join('')}`);
for (const { place, report } of reports) {
  console.log(`${place.city.padEnd(10)} ${place.place.padEnd(34)} ${(place.isFloodAffected ? 'yes' : 'no').padEnd(7)} ${HAZARD_IDS.map((h) => String(scoreOf(report, h) ?? 'No data').padStart(10)).join('')}`);
}
const aucLine = HAZARD_IDS.map((hazard) => {
  const auc = rankingAuc(reports.map(({ place, report }) => ({ score: scoreOf(report, hazard), isPositive: place.isFloodAffected })));
  return `${hazard} ${auc === null ? 'n/a' : auc.toFixed(2)}`;
});
console.log(`AUC (flood-affected above flood-free): ${aucLine.join(', ')}`);
for (const city of [...new Set(known.map((p) => p.city))]) {
  const inCity = reports.filter(({ place }) => place.city === city);
  const auc = rankingAuc(inCity.map(({ place, report }) => ({ score: scoreOf(report, 'flood'), isPositive: place.isFloodAffected })));
  const inverted = inCity.filter(({ place }) => place.isFloodAffected).flatMap(({ place, report }) =>
    inCity.filter((hill) => !hill.place.isFloodAffected && (scoreOf(hill.report, 'flood') ?? -1) >= (scoreOf(report, 'flood') ?? -1)).map((hill) => `${place.place} <= ${hill.place.place}`),
  );
  console.log(`  flood in ${city}: AUC ${auc === null ? 'n/a' : auc.toFixed(2)}${inverted.length ? `; not above: ${inverted.join('; ')}` : '; every flooded place above every hill'}`);
}

const hazardOf = (location: { lat: number; lng: number }, hazard: string) => {
  const assessment = assessHazards(location, context, 'high', 2025).assessments.find((a) => a.hazard === hazard)!;
  return assessment.hasData ? assessment.score : null;
};
const quakes = await loadKnownEarthquakePlaces(config.dataDir);
const capitals = SEISMIC_PLACES.filter((place) => place.isCapital);
const lowest = new Set(capitalsInLowestHazardZone().map((place) => place.name));
console.log(`\nEarthquake: the ${quakes.length} onshore NSHA18 events of Mw 6+ (epicentres) and the capitals (* lowest hazard zone):`);
for (const quake of quakes) console.log(`  ${quake.eventTime.slice(0, 10)} ${quake.place.padEnd(42)} Mw ${quake.magnitudeMw.toFixed(2)} ${String(hazardOf(quake, 'earthquake') ?? 'No data').padStart(8)}`);
for (const capital of capitals) console.log(`  ${(capital.name + (lowest.has(capital.name) ? ' *' : '')).padEnd(53)} Z ${capital.hazardFactorZ.toFixed(2)} ${String(hazardOf(capital, 'earthquake') ?? 'No data').padStart(8)}`);
const quakeAuc = rankingAuc([...quakes.map((q) => ({ score: hazardOf(q, 'earthquake'), isPositive: true })), ...capitals.map((c) => ({ score: hazardOf(c, 'earthquake'), isPositive: false }))]);
const lowestCapitalMax = Math.max(...capitals.filter((c) => lowest.has(c.name)).map((c) => hazardOf(c, 'earthquake') ?? -1));
const below = quakes.filter((q) => (hazardOf(q, 'earthquake') ?? -1) <= lowestCapitalMax);
console.log(`  AUC (epicentres above the 8 capitals): ${quakeAuc === null ? 'n/a' : quakeAuc.toFixed(2)}; ${below.length === 0 ? 'every epicentre above every lowest-zone capital' : `not above the lowest-zone capitals: ${below.map((q) => q.place).join('; ')}`}`);

const dryPlaces = [
  { place: 'Newnes Plateau NSW (plateau, 1,068 m)', lat: -33.32536303, lng: 150.2724338 },
  { place: 'Bald Nob NSW (tableland ridge, 1,069 m)', lat: -29.736171, lng: 151.869397 },
  { place: 'Nullarbor Plain SA', lat: -31.3, lng: 129.0 },
  { place: 'Great Victoria Desert WA', lat: -28.0, lng: 127.0 },
  { place: 'Simpson Desert NT', lat: -25.95, lng: 137.34 },
  { place: 'Tanami Desert NT', lat: -20.0, lng: 130.5 },
];
console.log('\nFlood far from every mapped river (plateau, ridge, inland desert):');
for (const place of dryPlaces) console.log(`  ${place.place.padEnd(42)} ${String(hazardOf(place, 'flood') ?? 'No data').padStart(8)}`);
