/** Words and numbers of the progress bar (en-AU). */

/**
 * Seconds as "1 h 5 min", "3 min 20 s" or "45 s".
 * @example formatEta(200) // '3 min 20 s'
 */
export function formatEta(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600) return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
  if (whole >= 60) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${whole} s`;
}

/** @example formatRate(2345.6) // '2,346 loans/s' */
export function formatRate(loansPerSecond: number): string {
  return `${loansPerSecond >= 10 ? Math.round(loansPerSecond).toLocaleString('en-AU') : loansPerSecond.toFixed(1)} loans/s`;
}

/** @example formatLvr(0.8123) // '81.2%' */
export function formatLvr(lvr: number | null): string {
  return lvr === null ? '-' : `${(lvr * 100).toFixed(1)}%`;
}
