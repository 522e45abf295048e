/** Plain-text summaries of the ingest and import reports, for the terminal. */
import type { ImportNswVgReport, ImportReport, IngestReport } from '@propguard/db';

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

/** `propguard import nsw-vg`: what became of every B record; at most `maxRejections` rejected records are listed. */
export function formatNswVgImportReport(report: ImportNswVgReport, maxRejections = 50): string {
  const stored = report.inserted + report.updated;
  const rejected = Object.values(report.rejectedByReason).reduce((sum, count) => sum + count, 0);
  const lines = [
    `Imported ${report.archives.length} ${report.archives.length === 1 ? 'file' : 'files'} (${report.archives.join(', ')}: ${formatCount(report.datFiles)} .DAT files) as source "${report.source}" in ${(report.durationMs / 1000).toFixed(1)} s.`,
    `B records ${formatCount(report.bRecords)}: stored ${formatCount(stored)} (${formatCount(report.inserted)} new, ${formatCount(report.updated)} already stored and rewritten from this download)` +
      `${report.firstSaleDate ? `, contract dates ${report.firstSaleDate} to ${report.lastSaleDate}` : ''}.`,
    `Left out: re-sent duplicates ${formatCount(report.resent)} (the latest download kept), a later download already stored ${formatCount(report.laterDownloadStored)}, ` +
      `partial interest ${formatCount(report.partialInterest)}, strata lots sold together at one price ${formatCount(report.multiLotDealing)}, other natures (not residence or vacant land) ${formatCount(report.otherNature)}.`,
    ...(report.removedByLaterDownload > 0 ? [`Removed ${formatCount(report.removedByLaterDownload)} stored sales whose later download here is left out or rejected.`] : []),
    `Rejected ${formatCount(rejected)}: ${formatReasons(report.rejectedByReason)}`,
    `Placed at the street address (the address book's point) ${formatCount(report.placedAtAddress)}, at the locality ${formatCount(report.placedAtLocality)}.`,
  ];
  for (const warning of report.warnings) lines.push(`WARNING: ${warning}`);
  for (const rejection of report.rejections.slice(0, maxRejections)) lines.push(`  ${rejection.where}: ${rejection.message}`);
  if (report.rejections.length > maxRejections) lines.push(`  ... and ${formatCount(report.rejections.length - maxRejections)} more`);
  lines.push('Valuations use the new sales from the next start of the server (the sales index is read at start).');
  return lines.join('\n');
}
