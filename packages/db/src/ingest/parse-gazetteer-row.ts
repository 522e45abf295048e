/** One row of australian_postcodes.csv -> a locality (columns: data/au-postcodes-gazetteer/SOURCE.md). */
import { isBlank, parseNumberCell, parsePostcodeCell, parseTextCell } from './field-parsers.ts';
import { reject, type RowResult } from './sale-record.ts';

export const GAZETTEER_DATASET = 'au-postcodes-gazetteer';
export const DELIVERY_AREA_TYPE = 'Delivery Area';

export interface LocalityRecord {
  name: string;
  state: string;
  postcode: string;
  lat: number | null;
  lng: number | null;
  altitudeM: number | null;
  sa2Code2021: string | null;
  sa2Name2021: string | null;
  lgaName: string | null;
  type: string;
  isDeliveryArea: boolean;
}

export function parseGazetteerRow(row: Record<string, string>): RowResult<LocalityRecord> {
  const name = parseTextCell(row.Locality);
  const state = parseTextCell(row.State);
  if (name === null) return reject('missing_field', 'Locality is empty');
  if (state === null) return reject('missing_field', 'State is empty');
  const postcode = parsePostcodeCell('Postcode', row.Postcode);
  if (!postcode.ok) return postcode;
  if (postcode.value === null) return reject('missing_field', 'Postcode is empty');
  const lat = parseNumberCell('Lat', row.Lat);
  const lng = parseNumberCell('Long', row.Long);
  const altitude = parseNumberCell('Altitude', row.Altitude);
  if (!lat.ok) return lat;
  if (!lng.ok) return lng;
  const adjustments: string[] = [];
  // SOURCE.md: Long/Lat are 0 when unknown (6 rows); 0,0 is in the Atlantic, not Australia.
  const hasCoordinates = lat.value !== null && lng.value !== null && lat.value !== 0 && lng.value !== 0;
  if (!hasCoordinates) adjustments.push('gazetteer_coordinates_unknown');
  const type = isBlank(row.Type) ? '' : (row.Type as string).trim();
  return {
    ok: true,
    adjustments,
    value: {
      name: name.toUpperCase(),
      state: state.toUpperCase(),
      postcode: postcode.value,
      lat: hasCoordinates ? lat.value : null,
      lng: hasCoordinates ? lng.value : null,
      altitudeM: altitude.ok ? altitude.value : null,
      sa2Code2021: parseTextCell(row['SA2 CODE 2021']),
      sa2Name2021: parseTextCell(row['SA2 NAME 2021']),
      lgaName: parseTextCell(row['LGA Region']),
      type,
      isDeliveryArea: type === DELIVERY_AREA_TYPE,
    },
  };
}

/**
 * The gazetteer repeats 24 (name, state, postcode) keys; `localities` keeps one row per key,
 * preferring the Delivery Area row (the one that geocodes a suburb), else the first seen.
 * Returns true when `candidate` should replace `existing`.
 */
export function shouldReplaceLocality(existing: LocalityRecord, candidate: LocalityRecord): boolean {
  return !existing.isDeliveryArea && candidate.isDeliveryArea;
}
