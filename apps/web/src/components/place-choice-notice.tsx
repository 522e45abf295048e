import { MapPin } from 'lucide-react';
import type { PlaceChoice } from '@propguard/schemas';
import { Button } from './ui/button.tsx';

/**
 * An ambiguous place name, disclosed: which place was used and why, and the others it could mean
 * as "Did you mean" buttons that run the same search or analysis for that place.
 */
export function PlaceChoiceNotice({ choice, onChoose }: { choice: PlaceChoice; onChoose: (location: string) => void }) {
  return (
    <div role="note" aria-label="Place chosen" className="flex flex-wrap items-center gap-2 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <MapPin aria-hidden="true" className="size-4 shrink-0" />
      <span>
        Showing <strong>{choice.label}</strong>: {choice.reason}.
      </span>
      <span className="font-medium">Did you mean</span>
      {choice.alternatives.map((alternative) => (
        <Button key={alternative.state} type="button" variant="outline" size="sm" onClick={() => onChoose(alternative.label)}>
          {alternative.label}
        </Button>
      ))}
    </div>
  );
}
