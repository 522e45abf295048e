/**
 * `npm run bench:hazards`: start-up cost of the hazard data (load + index: time and memory) and
 * the speed of the six hazards at real places: every 6th locality of the national gazetteer
 * (about 3,000 places in every state), under the high scenario in 2050. Prints assessments per
 * second and p50/p95 latency of one full report (all six hazards + overall), and of one Climate
 * dashboard (report + 6 projection rows + ten-year series + mitigation).
 * Then ranks every hazard on the known flood-affected and flood-free places of
 * data/hazard-known-places (AUC, flood-affected positive; "No data" ranks lowest) and checks, per city,
 * that every flooded place scores above every hill.
 * Reads PROPGUARD_DATA_PATH (default ./data). Run with --expose-gc for a cleaner memory figure.
 */
import { loadHazardData, loadKnownFloodPlaces } from '@propguard/db';
import { assessHazards, buildClimateDashboard, buildHazardContext, rankingAuc } from '@propguard/engines';
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
