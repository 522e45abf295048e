import { useId } from 'react';
import type { FormEvent, Ref } from 'react';
import { BarChart3 } from 'lucide-react';
import { MARKET_PROPERTY_TYPES } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { SelectOption } from '../../../components/ui/select.tsx';
import type { AnalysisDepth, MarketAnalysisRequest, MarketPropertyType } from '../api/analyze-market.ts';

/** The market engine's types (MARKET_PROPERTY_TYPES of packages/schemas), labelled. */
const PROPERTY_TYPE_OPTIONS: readonly SelectOption[] = MARKET_PROPERTY_TYPES.map((type) => ({ value: type, label: `${type.charAt(0).toUpperCase()}${type.slice(1)}` }));

const DEPTHS: readonly SelectOption[] = [
  { value: 'basic', label: 'Basic' },
  { value: 'comprehensive', label: 'Comprehensive' },
];

type MarketAnalysisFormProps = {
  values: MarketAnalysisRequest;
  onChange: (values: MarketAnalysisRequest) => void;
  onSubmit: () => void;
  isAnalyzing: boolean;
  locationRef?: Ref<HTMLInputElement>;
};

export function MarketAnalysisForm({ values, onChange, onSubmit, isAnalyzing, locationRef }: MarketAnalysisFormProps) {
  const id = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Card>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate aria-label="Market analysis" className="grid gap-4 md:grid-cols-4 md:items-end">
          <div className="md:col-span-2">
            <Field label="Location" htmlFor={`${id}-location`} hint="Suburb or city, e.g. Parramatta NSW">
              <Input
                id={`${id}-location`}
                ref={locationRef}
                value={values.location}
                onChange={(event) => onChange({ ...values, location: event.target.value })}
              />
            </Field>
          </div>
          <Field label="Property type" htmlFor={`${id}-type`}>
            <Select
              id={`${id}-type`}
              options={PROPERTY_TYPE_OPTIONS}
              value={values.property_type}
              onChange={(event) => onChange({ ...values, property_type: event.target.value as MarketPropertyType })}
            />
          </Field>
          <Field label="Analysis depth" htmlFor={`${id}-depth`}>
            <Select
              id={`${id}-depth`}
              options={DEPTHS}
              value={values.analysis_depth}
              onChange={(event) => onChange({ ...values, analysis_depth: event.target.value as AnalysisDepth })}
            />
          </Field>
          <div className="flex justify-end md:col-span-4">
            <Button type="submit" disabled={isAnalyzing} className="w-full sm:w-auto">
              <BarChart3 aria-hidden="true" className="size-4" />
              {isAnalyzing ? 'Analyzing...' : 'Analyze Market'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
