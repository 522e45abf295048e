import { riskLevelFor } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { toneForScore } from '../hazard-scores.ts';

/** "High", "Medium" or "Low" for a 0-100 score (SPEC.md section 9), coloured by level. */
export function LevelBadge({ score, label }: { score: number; label?: string }) {
  const level = riskLevelFor(score);
  return <Badge tone={toneForScore(score)}>{label ? `${label}: ${level}` : level}</Badge>;
}
