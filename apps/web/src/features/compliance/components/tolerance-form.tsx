import { useId } from 'react';
import type { ComplianceOverview } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Field, getFieldErrorId } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { DependencyId } from '../api/set-tolerance.ts';
import { useToleranceForm, type ToleranceField } from '../hooks/use-tolerance-form.ts';

const FIELDS: readonly { field: ToleranceField; label: string; step: string }[] = [
  { field: 'max_disruption_minutes', label: 'Max disruption (min)', step: '1' },
  { field: 'min_availability_pct', label: 'Min availability (%)', step: 'any' },
  { field: 'max_latency_ms', label: 'Max p95 latency (ms)', step: '1' },
];

/** Sets the workspace's CPS 230 tolerance for one dependency (owners only); the table above refreshes after a save. */
export function ToleranceForm({ dependencies }: { dependencies: ComplianceOverview['resilience']['dependencies'] }) {
  const idBase = useId();
  const form = useToleranceForm(dependencies);
  return (
    <form
      aria-label="Set a tolerance"
      noValidate
      className="mt-4 space-y-3 border-t border-slate-100 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        form.submitTolerance();
      }}
    >
      <h5 className="text-sm font-semibold text-slate-900">Set a tolerance</h5>
      <Field label="Dependency" htmlFor={`${idBase}-dependency`}>
        <Select
          id={`${idBase}-dependency`}
          value={form.dependencyId}
          options={dependencies.map((dependency) => ({ value: dependency.id, label: dependency.name }))}
          onChange={(event) => form.selectDependency(event.target.value as DependencyId)}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map(({ field, label, step }) => {
          const id = `${idBase}-${field}`;
          const error = form.errors[field];
          return (
            <Field key={field} label={label} htmlFor={id} error={error}>
              <Input
                id={id}
                type="number"
                step={step}
                value={form.values[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? getFieldErrorId(id) : undefined}
                onChange={(event) => form.setValue(field, event.target.value)}
              />
            </Field>
          );
        })}
      </div>
      {form.save.isError ? <p role="alert" className="text-sm text-red-700">{`Not saved: ${form.save.error.message}`}</p> : null}
      <Button type="submit" size="sm" disabled={form.save.isPending}>{form.save.isPending ? 'Saving...' : 'Save tolerance'}</Button>
    </form>
  );
}
