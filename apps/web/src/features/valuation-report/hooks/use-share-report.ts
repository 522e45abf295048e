import { toast } from 'sonner';

/** Share: the device's share sheet when there is one, else copy the link (SPEC.md section 2). */
export function useShareReport() {
  return async function shareReport(title: string) {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // Dismissed or refused: copying the link is still useful.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link Copied', { description: 'The report link is on your clipboard.' });
    } catch {
      toast.error('Could not copy the link', { description: url });
    }
  };
}
