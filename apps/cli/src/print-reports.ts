/** Plain-text summaries of the ingest and import reports, for the terminal. */
import type { ImportReport, IngestReport } from '@propguard/db';

const formatCount = (value: number): string => value.toLocaleString('en-AU');

function formatReasons(byReason: Record<string, number>): string {
  const entries = Object.entries(byReason).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? 'none' : entries.map(([reason, count]) => `${reason} ${formatCount(count)}`).join(', ');
}

export function formatIngestReport(report: IngestReport): string {
  const lines = [`Data directory: ${report.dataDir}`];
  for (const dataset of report.datasets) {
    if (dataset.status === 'loaded') {
      lines.push(
        `  ${dataset.dataset}: loaded ${formatCount(dataset.rowsLoaded)} of ${formatCount(dataset.rowsRead)} rows in ${(dataset.durationMs / 1000).toFixed(1)} s`,
        `    rejected ${formatCount(dataset.rowsRejected)}: ${formatReasons(dataset.rejectedByReason)}`,
        `    attributes cleaned (set to null, or filled from another column): ${formatReasons(dataset.adjustedByRule)}`,
      );
    } else {
      lines.push(`  ${dataset.dataset}: ${dataset.status === 'unchanged' ? 'unchanged (already loaded from this file)' : 'MISSING (file not found)'}`);
    }
  }
  lines.push(`Done in ${(report.durationMs / 1000).toFixed(1)} s.`);
  return lines.join('\n');
}

/** At most `maxRejections` row messages are printed; the counts by reason are always complete. */
export function formatImportReport(report: ImportReport, maxRejections = 50): string {
  const lines = [
    `Imported ${report.file} as source "${report.source}"${report.rowsReplaced > 0 ? ` (replacing ${formatCount(report.rowsReplaced)} rows of the previous import)` : ''}.`,
    `Rows read ${formatCount(report.rowsRead)}, loaded ${formatCount(report.rowsLoaded)}, rejected ${formatCount(report.rowsRejected)}.`,
  ];
  if (report.rowsRejected > 0) {
    lines.push(`Rejected by reason: ${formatReasons(report.rejectedByReason)}`);
    for (const rejection of report.rejections.slice(0, maxRejections)) lines.push(`  ${rejection.message}`);
    if (report.rejections.length > maxRejections) lines.push(`  ... and ${report.rejections.length - maxRejections} more`);
  }
  return lines.join('\n');
}
