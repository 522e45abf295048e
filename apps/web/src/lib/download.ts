/** Saves text as a file in the browser: a Blob behind a temporary object URL and a clicked link. */
export function downloadTextFile(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
