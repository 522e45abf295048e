import type PDFDocument from 'pdfkit';

let loading: Promise<typeof PDFDocument> | null = null;

/**
 * pdfkit, imported on the first PDF rather than at start: the server's start does not wait for a
 * module only reports, certificates and receipts use (issue 32: a restart in 10 s).
 */
export function loadPdfKit(): Promise<typeof PDFDocument> {
  loading ??= import('pdfkit').then((module) => module.default);
  return loading;
}
