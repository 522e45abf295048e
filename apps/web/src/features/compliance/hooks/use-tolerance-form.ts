import { useState } from 'react';
import { toast } from 'sonner';
import { toleranceSchema, type ComplianceOverview, type ToleranceBody } from '@propguard/schemas';
import { useSetTolerance, type DependencyId } from '../api/set-tolerance.ts';

type Dependency = ComplianceOverview['resilience']['dependencies'][number];
export type ToleranceField = keyof ToleranceBody;
type ToleranceText = Record<ToleranceField, string>;

const EMPTY_TEXT: ToleranceText = { max_disruption_minutes: '', min_availability_pct: '', max_latency_ms: '' };

function toText(dependency: Dependency | undefined): ToleranceText {
  if (!dependency) return EMPTY_TEXT;
  const { max_disruption_minutes, min_availability_pct, max_latency_ms } = dependency.tolerance;
  return { max_disruption_minutes: String(max_disruption_minutes), min_availability_pct: String(min_availability_pct), max_latency_ms: String(max_latency_ms) };
}

// An empty box is "no number" (NaN), so the schema says what to enter instead of reading it as 0.
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The tolerance form: the chosen dependency, its values as typed, the shared schema's messages and the save with its toasts. */
export function useToleranceForm(dependencies: readonly Dependency[]) {
  const [dependencyId, setDependencyId] = useState<DependencyId>(dependencies[0]?.id ?? 'database');
  const [values, setValues] = useState<ToleranceText>(() => toText(dependencies[0]));
  const [errors, setErrors] = useState<Partial<Record<ToleranceField, string>>>({});
  const nameOf = (id: DependencyId) => dependencies.find((dependency) => dependency.id === id)?.name ?? id;
  const save = useSetTolerance({
    onSuccess: ({ dependency, tolerance }) => toast.success('Tolerance saved', {
      description: `${nameOf(dependency)}: ${tolerance.max_disruption_minutes} min, ${tolerance.min_availability_pct}%, ${tolerance.max_latency_ms} ms`,
    }),
    onError: (error) => toast.error('Tolerance not saved', { description: error.message }),
  });

  function selectDependency(id: DependencyId) {
    setDependencyId(id);
    setValues(toText(dependencies.find((dependency) => dependency.id === id)));
    setErrors({});
    save.reset();
  }

  function setValue(field: ToleranceField, text: string) {
    setValues((current) => ({ ...current, [field]: text }));
  }

  function submitTolerance() {
    const parsed = toleranceSchema.safeParse({
      max_disruption_minutes: toNumber(values.max_disruption_minutes),
      min_availability_pct: toNumber(values.min_availability_pct),
      max_latency_ms: toNumber(values.max_latency_ms),
    });
    if (!parsed.success) {
      const next: Partial<Record<ToleranceField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ToleranceField;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ dependency: dependencyId, tolerance: parsed.data });
  }

  return { dependencyId, selectDependency, values, setValue, errors, submitTolerance, save };
}
