import { useId } from 'react';
import type { FormEvent } from 'react';
import { Flame, Link2, Search, ShieldCheck, Waves } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { DEMO_ADDRESS } from '../demo-address.ts';
import type { AddressSuggestionsState } from '../hooks/use-address-suggestions.ts';
import { AddressCombobox } from './address-combobox.tsx';

type AddressEntryFormProps = {
  address: string;
  onAddressChange: (address: string) => void;
  onAnalyze: (address: string) => void;
  isAnalyzing?: boolean;
  /** Address suggestions as the user types (SPEC.md section 4); without them, a plain box. */
  suggestions?: AddressSuggestionsState;
};

const ADDRESS_PLACEHOLDER = 'Start typing an Australian address';

/**
 * The property search assistant of SPEC.md section 2: address box, Analyze, and the demo shortcut.
 * The box starts empty (issue 34: a prefilled demo address had typing append to it); the demo
 * address is a button that fills the box and analyses it.
 */
export function AddressEntryForm({ address, onAddressChange, onAnalyze, isAnalyzing = false, suggestions }: AddressEntryFormProps) {
  const inputId = useId();
  const isBlank = address.trim() === '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank || isAnalyzing) return;
    onAnalyze(address.trim());
  }

  return (
    <Card>
      <CardHeader
        title="Property Analysis"
        description="Enter an Australian address for its valuation, climate risk and lending compliance."
        icon={<Search aria-hidden="true" className="size-5 text-blue-600" />}
      />
      <CardContent className="space-y-4">
        <form onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
              Property address
            </label>
            {suggestions ? (
              <AddressCombobox id={inputId} value={address} placeholder={ADDRESS_PLACEHOLDER} suggestions={suggestions} />
            ) : (
              <Input
                id={inputId}
                value={address}
                placeholder={ADDRESS_PLACEHOLDER}
                autoComplete="street-address"
                onChange={(event) => onAddressChange(event.target.value)}
              />
            )}
          </div>
          <Button type="submit" disabled={isBlank || isAnalyzing} className="sm:w-36">
            {isAnalyzing ? 'Analyzing...' : 'Analyze'}
          </Button>
        </form>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={isAnalyzing}
            onClick={() => {
              onAddressChange(DEMO_ADDRESS);
              onAnalyze(DEMO_ADDRESS);
            }}
          >
            Try the demo address: 123 Collins Street
          </Button>
          <ul aria-label="Included in every analysis" className="flex flex-wrap gap-2">
            <li><Badge tone="blue"><Waves aria-hidden="true" className="size-3" />Flood risk</Badge></li>
            <li><Badge tone="red"><Flame aria-hidden="true" className="size-3" />Fire risk</Badge></li>
            <li><Badge tone="green"><ShieldCheck aria-hidden="true" className="size-3" />APRA compliance</Badge></li>
            <li><Badge tone="neutral"><Link2 aria-hidden="true" className="size-3" />Blockchain NFT</Badge></li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
