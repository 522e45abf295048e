/** A date as fractional years, e.g. '2018-07-01' -> 2018.496. */
export function fractionalYear(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return year + (month - 1) / 12 + (day - 1) / 365.25;
}
