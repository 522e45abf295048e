import { useId } from 'react';
import type { FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  CATEGORY_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  SORT_OPTIONS,
} from '../search-form-values.ts';
import type { SearchFormValues } from '../search-form-values.ts';

type SearchFormProps = {
  values: SearchFormValues;
  onChange: (values: SearchFormValues) => void;
  onSubmit: () => void;
  isSearching: boolean;
};

export function SearchForm({ values, onChange, onSubmit, isSearching }: SearchFormProps) {
  const id = useId();

  function update<K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) {
    onChange({ ...values, [key]: value });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Card>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Property search">
          <div className="sm:col-span-2">
            <Field label="Location" htmlFor={`${id}-location`} hint="Suburb, city or postcode, e.g. Richmond VIC">
              <Input
                id={`${id}-location`}
                value={values.location}
                onChange={(event) => update('location', event.target.value)}
              />
            </Field>
          </div>
          <Field label="Property type" htmlFor={`${id}-type`}>
            <Select
              id={`${id}-type`}
              options={PROPERTY_TYPE_OPTIONS}
              value={values.propertyType}
              onChange={(event) => update('propertyType', event.target.value as SearchFormValues['propertyType'])}
            />
          </Field>
          <Field label="Property category" htmlFor={`${id}-category`}>
            <Select id={`${id}-category`} options={CATEGORY_OPTIONS} value={values.category} onChange={(event) => update('category', event.target.value)} />
          </Field>
          <Field label="Min price" htmlFor={`${id}-min-price`}>
            <Input
              id={`${id}-min-price`}
              inputMode="numeric"
              value={values.minPrice}
              onChange={(event) => update('minPrice', event.target.value)}
            />
          </Field>
          <Field label="Max price" htmlFor={`${id}-max-price`}>
            <Input
              id={`${id}-max-price`}
              inputMode="numeric"
              value={values.maxPrice}
              onChange={(event) => update('maxPrice', event.target.value)}
            />
          </Field>
          <Field label="Bedrooms" htmlFor={`${id}-bedrooms`}>
            <Select id={`${id}-bedrooms`} options={BEDROOM_OPTIONS} value={values.bedrooms} onChange={(event) => update('bedrooms', event.target.value)} />
          </Field>
          <Field label="Bathrooms" htmlFor={`${id}-bathrooms`}>
            <Select id={`${id}-bathrooms`} options={BATHROOM_OPTIONS} value={values.bathrooms} onChange={(event) => update('bathrooms', event.target.value)} />
          </Field>
          <Field label="Sort by" htmlFor={`${id}-sort`}>
            <Select id={`${id}-sort`} options={SORT_OPTIONS} value={values.sort} onChange={(event) => update('sort', event.target.value as SearchFormValues['sort'])} />
          </Field>
          <div className="flex items-end justify-end sm:col-span-2 lg:col-span-3">
            <Button type="submit" disabled={isSearching} className="w-full sm:w-auto">
              <Search aria-hidden="true" className="size-4" />
              {isSearching ? 'Searching...' : 'Search Properties'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
