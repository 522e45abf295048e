import { HAZARD_IDS, riskLevelFor, type ClimateDashboard, type HazardId, type RiskLevel } from '@propguard/schemas';
import type { RiskSubject } from './risk-subject.ts';

/** Scores 0-100; null where no data set covers the place for that hazard (the engine says so). */
export type HazardScores = Readonly<Record<HazardId, number | null>>;

/** Present-day scores of the six hazards: the engine's for a live subject, the sample's for a demo one. */
export function hazardScoresOf(subject: RiskSubject, climate: ClimateDashboard | undefined): HazardScores | null {
  if (subject.kind === 'demo') return subject.sampleScores;
  if (!climate) return null;
  const scores = {} as Record<HazardId, number | null>;
  for (const id of HAZARD_IDS) {
    const assessment = climate.report.assessments.find((item) => item.hazard === id);
    scores[id] = assessment && assessment.hasData ? assessment.score : null;
  }
  return scores;
}

export type LevelTone = 'red' | 'yellow' | 'green';

export const LEVEL_TONE: Readonly<Record<RiskLevel, LevelTone>> = { High: 'red', Medium: 'yellow', Low: 'green' };

export function toneForScore(score: number): LevelTone {
  return LEVEL_TONE[riskLevelFor(score)];
}
