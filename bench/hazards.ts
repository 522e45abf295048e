/**
 * `npm run bench:hazards`: start-up cost of the hazard data (load + index: time and memory) and
 * the speed of the six hazards at real places: every 6th locality of the national gazetteer
 * (about 3,000 places in every state), under the high scenario in 2050. Prints assessments per
 * second and p50/p95 latency of one full report (all six hazards + overall), and of one Climate
 * dashboard (report + 6 projection rows + ten-year series + mitigation).
 * Reads PROPGUARD_DATA_PATH (default ./data). Run with --expose-gc for a cleaner memory figure.
 */
import { loadHazardData } from '@propguard/db';
import { assessHazards, buildClimateDashboard, buildHazardContext } from '@propguard/engines';
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
