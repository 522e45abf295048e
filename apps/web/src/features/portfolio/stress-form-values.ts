/**
 * The Stress tab's form: what each select holds, and the scenario it makes. Regions are one select
 * value each: "national", "state:VIC" or "city:SYDNEY".
 */
import { AU_STATES, STRESS_CITIES, STRESS_HAZARD_EVENT_LABELS, STRESS_HAZARD_EVENTS, STRESS_PRICE_DROPS_PCT, STRESS_RATE_RISES_PP, type StressCity, type StressRegion, type StressScenarioInput } from '@propguard/schemas';

export type StressFormValues = {
  priceDrop: string;
  priceRegion: string;
  rateRise: string;
  hazardEvent: string;
  hazardRegion: string;
};

export const INITIAL_STRESS_FORM: StressFormValues = { priceDrop: '20', priceRegion: 'national', rateRise: '2', hazardEvent: 'none', hazardRegion: 'national' };

const titleCase = (text: string) => text.charAt(0) + text.slice(1).toLowerCase();

export const REGION_OPTIONS = [
  { value: 'national', label: 'Nationally' },
  ...STRESS_CITIES.map((city) => ({ value: `city:${city}`, label: `${titleCase(city)} (50 km)` })),
  ...AU_STATES.map((state) => ({ value: `state:${state}`, label: `All of ${state}` })),
];
export const PRICE_DROP_OPTIONS = [{ value: 'none', label: 'No price change' }, ...STRESS_PRICE_DROPS_PCT.map((drop) => ({ value: String(drop), label: `Down ${drop}%` }))];
export const RATE_RISE_OPTIONS = [{ value: 'none', label: 'No rate change' }, ...STRESS_RATE_RISES_PP.map((rise) => ({ value: String(rise), label: `Up ${rise} percentage point${rise === 1 ? '' : 's'}` }))];
export const HAZARD_EVENT_OPTIONS = [{ value: 'none', label: 'No hazard event' }, ...STRESS_HAZARD_EVENTS.map((event) => ({ value: event, label: STRESS_HAZARD_EVENT_LABELS[event] }))];

/**
 * A region select value as the schema's region.
 * @example toRegion('city:PERTH') // { kind: 'city', city: 'PERTH' }
 */
export function toRegion(value: string): StressRegion {
  const [kind, name] = value.split(':');
  if (kind === 'city' && (STRESS_CITIES as readonly string[]).includes(name ?? '')) return { kind: 'city', city: name as StressCity };
  if (kind === 'state' && (AU_STATES as readonly string[]).includes(name ?? '')) return { kind: 'state', state: name as (typeof AU_STATES)[number] };
  return { kind: 'national' };
}

/** The scenario the form describes (the server validates it again). */
export function toStressScenario(values: StressFormValues): StressScenarioInput {
  return {
    priceShock: values.priceDrop === 'none' ? null : { dropPct: Number(values.priceDrop), region: toRegion(values.priceRegion) },
    rateShock: values.rateRise === 'none' ? null : { risePp: Number(values.rateRise) },
    hazardEvent: values.hazardEvent === 'none' ? null : { event: values.hazardEvent as (typeof STRESS_HAZARD_EVENTS)[number], region: toRegion(values.hazardRegion) },
  };
}

export function isEmptyScenario(values: StressFormValues): boolean {
  return values.priceDrop === 'none' && values.rateRise === 'none' && values.hazardEvent === 'none';
}
