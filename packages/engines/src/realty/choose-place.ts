import { formatPlaceName } from '@propguard/schemas';

/**
 * An ambiguous place name (a suburb name shared by several states, "Richmond") is disclosed, not
 * silently resolved: the choice made, why, and the alternatives to offer as "Did you mean".
 */
export interface PlaceCandidate {
  state: string;
  sales: number;
}

export interface PlaceChoice {
  input: string;
  /** The state chosen. */
  state: string;
  /** e.g. "Richmond NSW" */
  label: string;
  reason: string;
  alternatives: Array<{ state: string; label: string; sales: number }>;
}

/**
 * Null when the name is not ambiguous (one state or none). Otherwise the user's state when given
 * and among the candidates, else the state with the most sales in our data.
 * @example choosePlace('Richmond', [{ state: 'VIC', sales: 900 }, { state: 'NSW', sales: 1200 }])?.label // 'Richmond NSW'
 */
export function choosePlace(name: string, candidates: readonly PlaceCandidate[], preferredState?: string | null): PlaceChoice | null {
  const distinct = [...new Map(candidates.filter((candidate) => candidate.sales > 0).map((candidate) => [candidate.state, candidate])).values()];
  if (distinct.length <= 1) return null;
  const ranked = [...distinct].sort((a, b) => b.sales - a.sales || a.state.localeCompare(b.state));
  const preferred = preferredState ? ranked.find((candidate) => candidate.state === preferredState) : undefined;
  const chosen = preferred ?? ranked[0]!;
  const place = formatPlaceName(name.trim());
  return {
    input: name,
    state: chosen.state,
    label: `${place} ${chosen.state}`,
    reason: preferred
      ? `${place} is in ${distinct.length} states; your state (${chosen.state}) was used`
      : `${place} is in ${distinct.length} states in our data; ${chosen.state} has the most sales (${chosen.sales.toLocaleString('en-AU')})`,
    alternatives: ranked.filter((candidate) => candidate !== chosen).map((candidate) => ({ state: candidate.state, label: `${place} ${candidate.state}`, sales: candidate.sales })),
  };
}
