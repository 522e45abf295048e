import { formatLocality, formatPlaceName, type ComparableSale, type PropertyType } from '@propguard/schemas';

/** The comparable's street address, or its locality when the sale has none. */
export function getComparableLocation(sale: ComparableSale): string {
  return formatPlaceName(sale.address) ?? (formatLocality(sale) || 'Address not recorded');
}

/**
 * How far the subject's estimate sits above (+) or below (-) the comparable's time-adjusted price
 * (priced as the subject's type when the sale is of the other kind), as a fraction: 0.042 means
 * the subject is worth 4.2% more than that sale would fetch today.
 */
export function getPremiumFraction(estimateAud: number, sale: ComparableSale): number {
  const price = sale.kindAdjustedPriceAud;
  return price === 0 ? 0 : (estimateAud - price) / price;
}

/** 0.042 -> "+4.2%", -0.1 -> "-10.0%". */
export function formatSignedPercent(fraction: number): string {
  const percent = (fraction * 100).toFixed(1);
  return fraction > 0 ? `+${percent}%` : `${percent === '-0.0' ? '0.0' : percent}%`;
}

const TYPE_LABELS: Record<PropertyType, string> = { house: 'House', unit: 'Unit', townhouse: 'Townhouse', villa: 'Villa', land: 'Land', other: 'Other' };

export function getPropertyTypeLabel(type: PropertyType | undefined): string {
  return type ? TYPE_LABELS[type] : 'Type unknown';
}
