import { Building2 } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/** The results area below the address form; before any analysis it asks for an address. */
export function AnalysisResults() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Building2 aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-slate-600">Enter a property address above to view comprehensive analysis</p>
      </CardContent>
    </Card>
  );
}
