import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function openPdf(bytes: Buffer) {
  return getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
}

/** Every line of text in a PDF, page by page (pdf.js, the reference parser). */
export async function readPdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await openPdf(bytes);
  const parts: string[] = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { pages: pdf.numPages, text: parts.join('\n') };
}

/** One run of text as pdf.js places it: the page, its left edge, baseline, width and height in points. */
export interface PdfTextBox {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every non-empty run of text with its box (y from the bottom of the page, as PDF measures it). */
export async function readPdfTextBoxes(bytes: Buffer): Promise<PdfTextBox[]> {
  const pdf = await openPdf(bytes);
  const boxes: PdfTextBox[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [left = 0, bottom = 0, right = 0, top = 0] = page.view;
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      boxes.push({ page: number, text: item.str, x: item.transform[4] - left, y: item.transform[5] - bottom, width: item.width, height: item.height, pageWidth: right - left, pageHeight: top - bottom });
    }
  }
  return boxes;
}

/** The runs of text that reach outside the page's side margins or off its top or bottom edge. */
export function textOutsideMargins(boxes: readonly PdfTextBox[], margin: number): PdfTextBox[] {
  const slack = 0.5;
  return boxes.filter((box) => box.x < margin - slack || box.x + box.width > box.pageWidth - margin + slack || box.y < 0 || box.y + box.height > box.pageHeight);
}
