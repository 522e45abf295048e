import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceOverview, ToleranceBody } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export type DependencyId = ComplianceOverview['resilience']['dependencies'][number]['id'];
export type SetToleranceInput = { dependency: DependencyId; tolerance: ToleranceBody };

/** PUT /api/compliance/tolerances/{dependency}: the lender's CPS 230 tolerance for one dependency. */
export function setTolerance({ dependency, tolerance }: SetToleranceInput): Promise<{ success: true }> {
  return requestApi<{ success: true }>(`/compliance/tolerances/${encodeURIComponent(dependency)}`, { method: 'PUT', body: tolerance });
}

type SetToleranceOptions = {
  onSuccess?: (input: SetToleranceInput) => void;
  onError?: (error: Error, input: SetToleranceInput) => void;
};

/** Saves a tolerance and refreshes the overview, so that the table and the active items show it. */
export function useSetTolerance({ onSuccess, onError }: SetToleranceOptions = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setTolerance,
    onSuccess: async (_data, input) => {
      await client.invalidateQueries({ queryKey: ['compliance', 'overview'] });
      onSuccess?.(input);
    },
    onError: (error, input) => onError?.(error, input),
  });
}
