/**
 * How far a start has come and how long it has left (issue 32): each phase of a start (opening the
 * database, loading each bundled data set, indexing, routes) has an expected duration; the share of
 * the expected work done gives the percentage, and the pace so far scales what is left into an
 * estimate. No I/O: the caller reports steps and prints the lines.
 */

/** One step of a start, as createAppContext and main report it. */
export interface StartStep {
  /** The phase: `database`, a bundled data set's id, `statistics`, `valuation`, `hazards`, `addresses`, `certificates`, `accounts`, `routes`. */
  phase: string;
  state: 'running' | 'done' | 'skipped';
  /** Rows written so far, for a data set being loaded. */
  rows?: number;
  /** Share of a running phase done, 0-1, when the caller knows it (else taken from `rows`). */
  fraction?: number;
  /** The line to print; empty: nothing printed. */
  message: string;
}

export interface PhaseEstimate {
  phase: string;
  expectedMs: number;
  /** Rows a data set writes, for the share done while it loads. */
  expectedRows?: number;
}

/**
 * A first start on the 2-core development machine, phase by phase (`npm run bench:start`, 29 November
 * 2026 at 17:53, quiet; the sales files parsed, the hazard files read and the sales index built on
 * other threads). Only the proportions matter: the pace measured as the start goes scales them.
 */
export const START_PHASE_ESTIMATES: readonly PhaseEstimate[] = [
  // A copy of the template npm ci makes, opened beside the web app's build (30 November; PGlite's initdb without it: 4-6 s).
  { phase: 'database', expectedMs: 1_800 },
  { phase: 'au-postcodes-gazetteer', expectedMs: 2_000, expectedRows: 18_535 },
  // Loaded once the server is ready on `npm start` (a skipped phase counts nothing); by the CLI, before.
  { phase: 'abs-suburbs-localities-2021', expectedMs: 1_500, expectedRows: 15_334 },
  { phase: 'melbourne-housing-sales', expectedMs: 4_300, expectedRows: 32_715 },
  { phase: 'perth-house-sales', expectedMs: 2_900, expectedRows: 30_698 },
  { phase: 'sydney-house-sales', expectedMs: 3_500, expectedRows: 192_206 },
  { phase: 'nsw-valuer-general-sales-2021q1', expectedMs: 4_600, expectedRows: 30_960 },
  // From here a first start's steps include the sales handed to the sales index's thread (hazards) and what waits for it (indexes).
  { phase: 'hazards', expectedMs: 2_500 },
  { phase: 'indexes', expectedMs: 3_800 },
  { phase: 'statistics', expectedMs: 1_000 },
  { phase: 'valuation', expectedMs: 1_000 },
  { phase: 'addresses', expectedMs: 6_600 },
  { phase: 'certificates', expectedMs: 300 },
  { phase: 'accounts', expectedMs: 100 },
  { phase: 'routes', expectedMs: 600 },
];

/** A phase not in the estimates (a data set added later) counts as this much work. */
const UNKNOWN_PHASE_MS = 5_000;
/** Writing rows is about this share of loading a data set; placing them (addresses) is the rest. */
const ROWS_SHARE = 0.7;

interface PhaseState extends PhaseEstimate {
  state: 'pending' | 'running' | 'done' | 'skipped';
  fraction: number;
  startedAt: number | null;
  endedAt: number | null;
}

export class StartProgress {
  private readonly phases: PhaseState[];

  constructor(
    estimates: readonly PhaseEstimate[] = START_PHASE_ESTIMATES,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.phases = estimates.map((estimate) => ({ ...estimate, state: 'pending', fraction: 0, startedAt: null, endedAt: null }));
  }

  /** Takes a step in; a phase that starts ends the ones before it (a phase never reported was not needed). */
  record(step: StartStep): void {
    let phase = this.phases.find((candidate) => candidate.phase === step.phase);
    if (!phase) {
      phase = { phase: step.phase, expectedMs: UNKNOWN_PHASE_MS, state: 'pending', fraction: 0, startedAt: null, endedAt: null };
      const firstPending = this.phases.findIndex((candidate) => candidate.state === 'pending');
      this.phases.splice(firstPending === -1 ? this.phases.length : firstPending, 0, phase);
    }
    const at = this.now();
    for (const earlier of this.phases.slice(0, this.phases.indexOf(phase))) {
      if (earlier.state === 'pending') earlier.state = 'skipped';
      if (earlier.state === 'running') this.end(earlier, at);
    }
    if (step.state === 'skipped') {
      if (phase.state !== 'done') phase.state = 'skipped';
      return;
    }
    if (phase.startedAt === null) phase.startedAt = this.previousEnd() ?? at;
    if (step.state === 'done') {
      this.end(phase, at);
      return;
    }
    phase.state = 'running';
    phase.fraction = Math.max(phase.fraction, Math.min(0.99, this.fractionOf(phase, step)));
  }

  /** Share of the expected work done, 0-100. */
  percent(): number {
    const counted = this.phases.filter((phase) => phase.state !== 'skipped');
    const total = counted.reduce((sum, phase) => sum + phase.expectedMs, 0);
    if (total === 0) return 100;
    return Math.min(100, (100 * counted.reduce((sum, phase) => sum + phase.expectedMs * phase.fraction, 0)) / total);
  }

  /** Seconds left at the pace so far; null until a second of work has been measured. */
  secondsLeft(): number | null {
    const at = this.now();
    let expectedDone = 0;
    let actualDone = 0;
    let expectedLeft = 0;
    for (const phase of this.phases) {
      if (phase.state === 'skipped') continue;
      expectedLeft += phase.expectedMs * (1 - phase.fraction);
      if (phase.startedAt === null) continue;
      expectedDone += phase.expectedMs * phase.fraction;
      actualDone += (phase.endedAt ?? at) - phase.startedAt;
    }
    if (expectedDone < 1_000 || actualDone < 1_000) return null;
    return (expectedLeft * (actualDone / expectedDone)) / 1000;
  }

  /** `[ 42%, about 1 min 10 s left] message` (or without the estimate until there is one). */
  format(message: string): string {
    const percent = `${Math.floor(this.percent())}%`.padStart(4);
    const left = this.secondsLeft();
    return left === null ? `[${percent}] ${message}` : `[${percent}, ${describeSecondsLeft(left)}] ${message}`;
  }

  private end(phase: PhaseState, at: number): void {
    phase.state = 'done';
    phase.fraction = 1;
    phase.endedAt = at;
  }

  private previousEnd(): number | null {
    const ended = this.phases.filter((phase) => phase.endedAt !== null).map((phase) => phase.endedAt!);
    return ended.length > 0 ? Math.max(...ended) : null;
  }

  private fractionOf(phase: PhaseState, step: StartStep): number {
    if (step.fraction !== undefined) return step.fraction;
    if (step.rows !== undefined && phase.expectedRows) return ROWS_SHARE * Math.min(1, step.rows / phase.expectedRows);
    return phase.fraction;
  }
}

/** "about 40 s left", "about 2 min 10 s left", "under 5 s left". */
export function describeSecondsLeft(seconds: number): string {
  if (seconds < 5) return 'under 5 s left';
  const rounded = seconds < 60 ? Math.round(seconds / 5) * 5 : Math.round(seconds / 10) * 10;
  const minutes = Math.floor(rounded / 60);
  const rest = rounded % 60;
  if (minutes === 0) return `about ${rest} s left`;
  return rest === 0 ? `about ${minutes} min left` : `about ${minutes} min ${rest} s left`;
}
