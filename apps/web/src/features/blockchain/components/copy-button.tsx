import { Copy } from 'lucide-react';
import { toast } from 'sonner';

/** Copies a value (hash, CID, address) and confirms with the "Copied!" toast. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <button
      type="button"
      className="inline-flex size-6 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      aria-label={`Copy ${label}`}
      onClick={() => {
        void navigator.clipboard.writeText(value).then(
          () => toast.success('Copied!', { description: `${label} copied to the clipboard.` }),
          () => toast.error('Copy failed', { description: 'The browser did not allow access to the clipboard.' }),
        );
      }}
    >
      <Copy aria-hidden="true" className="size-3.5" />
    </button>
  );
}

/** A long hex value shortened for tables: 0x1234…abcd. */
export function shortHex(value: string, keep = 6): string {
  return value.length > keep * 2 + 3 ? `${value.slice(0, keep + 2)}…${value.slice(-keep)}` : value;
}
