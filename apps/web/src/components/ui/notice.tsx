import type { ReactNode } from 'react';
import { Info } from 'lucide-react';

/** A calm, one-sentence statement of what a panel will show once its engine exists. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-blue-100 bg-blue-50 p-4 text-sm text-blue-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
