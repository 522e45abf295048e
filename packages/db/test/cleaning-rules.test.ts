// Unit tests of the pure parsers and cleaning rules, on rows copied from the real data files.
import { describe, expect, it } from 'vitest';
import { applyCleaningRules, createDuplicateDetector } from '../src/ingest/cleaning-rules.ts';
import { parseDateCell } from '../src/ingest/field-parsers.ts';
import { parseGazetteerRow } from '../src/ingest/parse-gazetteer-row.ts';
import { parseMelbourneRow } from '../src/ingest/parse-melbourne-row.ts';
import { parsePerthRow } from '../src/ingest/parse-perth-row.ts';
import { parseSydneyRow } from '../src/ingest/parse-sydney-row.ts';
import { buildAddressKey, buildLocalityIndex, placeSale } from '../src/ingest/place-sale.ts';
import type { RowResult, SaleRecord } from '../src/ingest/sale-record.ts';

const MELBOURNE_HEADER = 'Suburb,Address,Rooms,Type,Price,Method,SellerG,Date,Distance,Postcode,Bedroom2,Bathroom,Car,Landsize,BuildingArea,YearBuilt,CouncilArea,Lattitude,Longtitude,Regionname,Propertycount';
const PERTH_HEADER = 'ADDRESS,SUBURB,PRICE,BEDROOMS,BATHROOMS,GARAGE,LAND_AREA,FLOOR_AREA,BUILD_YEAR,CBD_DIST,NEAREST_STN,NEAREST_STN_DIST,DATE_SOLD,POSTCODE,LATITUDE,LONGITUDE,NEAREST_SCH,NEAREST_SCH_DIST,NEAREST_SCH_RANK';
const SYDNEY_HEADER = 'Date,Id,suburb,postalCode,sellPrice,bed,bath,car,propType';

/** Splits a simple CSV line (the fixtures here have no quoted commas). */
function toRow(header: string, line: string): Record<string, string> {
  const columns = header.split(',');
  const cells = line.split(',');
  return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
}

function expectAccepted(result: RowResult<SaleRecord>): SaleRecord {
  if (!result.ok) throw new Error(`expected the row to be accepted, got ${result.reason}: ${result.message}`);
  return result.value;
}

const melbourne = (line: string) => parseMelbourneRow(toRow(MELBOURNE_HEADER, line), 1);
const perth = (line: string) => parsePerthRow(toRow(PERTH_HEADER, line), 1);
const sydney = (line: string) => parseSydneyRow(toRow(SYDNEY_HEADER, line), 1);

describe('Melbourne rows', () => {
  it('parses a completed auction sale with its day-first date and coordinates', () => {
    const sale = expectAccepted(melbourne('Abbotsford,85 Turner St,2,h,1480000,S,Biggin,3/12/2016,2.5,3067,2,1,1,202,,,Yarra City Council,-37.7996,144.9984,Northern Metropolitan,4019'));
    const cleaned = expectAccepted(applyCleaningRules(sale));
    expect(cleaned).toMatchObject({ suburb: 'Abbotsford', state: 'VIC', postcode: '3067', priceAud: 1_480_000, saleDate: '2016-12-03', datePrecision: 'day', saleMethod: 'sold', saleMethodRaw: 'S', propertyType: 'house', propertyTypeRaw: 'h', isMarketSale: true, agency: 'Biggin', landSizeM2: 202, locationPrecision: 'address' });
  });

  it('keeps a sale with an undisclosed price (SS) with price null and is_market_sale false', () => {
    const cleaned = expectAccepted(applyCleaningRules(expectAccepted(melbourne('Abbotsford,68 Studley St,2,h,,SS,Jellis,3/09/2016,2.5,3067,2,1,1,126,,,Yarra City Council,-37.8014,144.9958,Northern Metropolitan,4019'))));
    expect(cleaned).toMatchObject({ priceAud: null, saleMethod: 'sold_after_auction_not_disclosed', isMarketSale: false });
  });

  it('keeps a passed-in auction as an outcome, not a market sale, even with a bid price', () => {
    const cleaned = expectAccepted(applyCleaningRules(expectAccepted(melbourne('Abbotsford,40 Federation La,3,h,850000,PI,Biggin,4/03/2017,2.5,3067,3,2,1,94,,,Yarra City Council,-37.7969,144.9969,Northern Metropolitan,4019'))));
    expect(cleaned).toMatchObject({ priceAud: 850_000, saleMethod: 'passed_in', isMarketSale: false });
  });

  it('sets the 1196 year built to null but keeps the sale', () => {
    const result = applyCleaningRules(expectAccepted(melbourne('Mount Waverley,5 Armstrong St,3,h,1200000,VB,McGrath,24/06/2017,14.2,3149,3,1,4,807,117,1196,Monash City Council,-37.86788,145.12121,Eastern Metropolitan,13366')));
    expect(result.ok && result.value.yearBuilt).toBe(null);
    expect(result.ok && result.adjustments).toEqual(['year_built_before_1800']);
  });

  it('takes the bedroom count from Rooms where Bedroom2 is empty, and says so', () => {
    const result = melbourne('Abbotsford,217 Langridge St,3,h,1000000,S,Jellis,8/10/2016,2.5,3067,,,,,,,Yarra City Council,,,Northern Metropolitan,4019');
    expect(result.ok && result.value.bedrooms).toBe(3);
    expect(result.ok && result.adjustments).toEqual(['melbourne_bedrooms_from_rooms']);
    // Where both are given, Bedroom2 stands (Rooms 4, Bedroom2 3).
    const both = melbourne('Abbotsford,55a Park St,4,h,1600000,VB,Nelson,4/06/2016,2.5,3067,3,1,2,120,142,2014,Yarra City Council,-37.8072,144.9941,Northern Metropolitan,4019');
    expect(both.ok && both.value.bedrooms).toBe(3);
    expect(both.ok && both.adjustments).toEqual([]);
  });

  it('treats Landsize 0 as unknown and rejects an unknown method code', () => {
    const cleaned = applyCleaningRules(expectAccepted(melbourne('Abbotsford,1/18 Mollison St,2,u,600000,S,Biggin,3/09/2016,2.5,3067,2,1,1,0,,,Yarra City Council,-37.8,144.99,Northern Metropolitan,4019')));
    expect(cleaned.ok && cleaned.value.landSizeM2).toBe(null);
    const rejected = melbourne('Abbotsford,1/18 Mollison St,2,u,600000,XX,Biggin,3/09/2016,2.5,3067,2,1,1,0,,,Yarra City Council,-37.8,144.99,Northern Metropolitan,4019');
    expect(rejected).toMatchObject({ ok: false, reason: 'invalid_value' });
  });
});

describe('Perth rows', () => {
  it('parses a month-precision sale of a house', () => {
    const cleaned = expectAccepted(applyCleaningRules(expectAccepted(perth('1 Acorn Place,South Lake,565000,4,2,2,600,160,2003,18300,Cockburn Central Station,1800,09-2018,6164,-32.1159,115.84245,LAKELAND SENIOR HIGH SCHOOL,0.8283385518162787,'))));
    expect(cleaned).toMatchObject({ state: 'WA', saleDate: '2018-09-01', datePrecision: 'month', propertyType: 'house', carSpaces: 2, yearBuilt: 2003, isMarketSale: true });
  });

  it('reads GARAGE 0 as unknown', () => {
    const result = perth('10 Camillo Way,Camillo,305000,3,1,0,704,86,1978,19100,Kelmscott Station,2000,03-2019,6111,-32.1101,116.0063,KELMSCOTT SENIOR HIGH SCHOOL,1.5,');
    expect(result.ok && result.value.carSpaces).toBe(null);
    expect(result.ok && result.adjustments).toEqual(['perth_garage_zero_unknown']);
  });

  it('sets the 999,999 m² land sentinel to null', () => {
    const result = applyCleaningRules(expectAccepted(perth('9 Valley Rd,Aveley,700000,4,2,2,999999,250,2005,20000,Midland Station,9000,05-2016,6069,-31.78,115.99,ELLENBROOK SECONDARY COLLEGE,2.1,')));
    expect(result.ok && result.value.landSizeM2).toBe(null);
    expect(result.ok && result.adjustments).toContain('land_size_above_100000_m2');
  });

  it('rejects a sale dated years before the house was built', () => {
    const result = applyCleaningRules(expectAccepted(perth('12 Example Cres,Wandi,200000,4,2,2,500,200,2015,26000,Kwinana Station,4900,08-2013,6167,-32.19,115.86,ATWELL COLLEGE,5.5,')));
    expect(result).toMatchObject({ ok: false, reason: 'year_built_after_sale' });
  });
});

describe('Sydney rows and prices', () => {
  it('rejects the int32 sentinel, prices under $50,000 and over $50M', () => {
    expect(applyCleaningRules(expectAccepted(sydney('2010-05-17,86957,Concord,2137,2147483647,3.0,1,2.0,house')))).toMatchObject({ ok: false, reason: 'price_sentinel' });
    expect(applyCleaningRules(expectAccepted(sydney('2011-03-30,1037,Avalon Beach,2107,700,3.0,2,1.0,house')))).toMatchObject({ ok: false, reason: 'price_below_minimum' });
    expect(applyCleaningRules(expectAccepted(sydney('2017-01-01,1,Point Piper,2027,130000000,3.0,1,2.0,house')))).toMatchObject({ ok: false, reason: 'price_above_maximum' });
  });

  it('sets 99 bedrooms to null and keeps the sale', () => {
    const result = applyCleaningRules(expectAccepted(sydney('2013-02-08,106340,Dangar Island,2083,660000,99.0,1,4.0,house')));
    expect(result.ok && result.value.bedrooms).toBe(null);
    expect(result.ok && result.value.bathrooms).toBe(1);
  });

  it('maps duplex/semi-detached to house and keeps the raw type', () => {
    const sale = expectAccepted(sydney('2019-04-13,7,Avalon Beach,2107,1510000,3.0,1,2.0,duplex/semi-detached'));
    expect(sale).toMatchObject({ propertyType: 'house', propertyTypeRaw: 'duplex/semi-detached', state: null, address: null });
  });

  it('rejects a non-numeric price with a message naming the field', () => {
    expect(sydney('2019-04-13,7,Avalon Beach,2107,abc,3.0,1,2.0,house')).toMatchObject({ ok: false, reason: 'not_a_number', message: 'sellPrice "abc" is not a number' });
  });
});

describe('duplicates, dates and placement', () => {
  it('finds exact duplicates, ignoring the named id column', () => {
    const isDuplicate = createDuplicateDetector(['Id']);
    expect(isDuplicate(toRow(SYDNEY_HEADER, '2019-04-04,2186,Blacktown,2148,1054000,4.0,2,2.0,house'))).toBe(false);
    expect(isDuplicate(toRow(SYDNEY_HEADER, '2019-04-04,2187,Blacktown,2148,1054000,4.0,2,2.0,house'))).toBe(true);
    expect(isDuplicate(toRow(SYDNEY_HEADER, '2019-04-04,2188,Blacktown,2148,1055000,4.0,2,2.0,house'))).toBe(false);
  });

  it('parses the three date forms and refuses impossible dates', () => {
    expect(parseDateCell('d', '2019-04-13')).toEqual({ ok: true, value: { isoDate: '2019-04-13', precision: 'day' } });
    expect(parseDateCell('d', '3/09/2016')).toEqual({ ok: true, value: { isoDate: '2016-09-03', precision: 'day' } });
    expect(parseDateCell('d', '09-2018')).toEqual({ ok: true, value: { isoDate: '2018-09-01', precision: 'month' } });
    expect(parseDateCell('d', '31/02/2017')).toMatchObject({ ok: false, reason: 'invalid_date' });
  });

  it('places a Sydney row with a Queensland postcode in Queensland, at its locality', () => {
    const index = buildLocalityIndex([
      { id: 1, name: 'OXENFORD', state: 'QLD', postcode: '4210', lat: -27.8903, lng: 153.3131, isDeliveryArea: true },
      { id: 2, name: 'AVALON BEACH', state: 'NSW', postcode: '2107', lat: -33.636, lng: 151.329, isDeliveryArea: true },
    ]);
    const placed = placeSale(expectAccepted(sydney('2017-11-10,43480,Oxenford,4210,346000,3.0,2,2.0,townhouse')), index);
    expect(placed).toMatchObject({ ok: true, value: { state: 'QLD', lat: -27.8903, lng: 153.3131, locationPrecision: 'locality', localityId: 1 } });
    const unknown = placeSale(expectAccepted(sydney('2017-11-10,1,Nowhere Creek,2107,346000,3.0,2,2.0,house')), index);
    expect(unknown).toMatchObject({ ok: false, reason: 'locality_not_found' });
  });

  it('builds one address key per street address', () => {
    expect(buildAddressKey({ address: '85  Turner St', suburb: 'Abbotsford', state: 'VIC', postcode: '3067' })).toBe('85 TURNER ST|ABBOTSFORD|VIC|3067');
    expect(buildAddressKey({ address: null, suburb: 'Avalon Beach', state: 'NSW', postcode: '2107' })).toBe(null);
  });

  it('flags gazetteer rows that are not Delivery Areas and blanks 0,0 coordinates', () => {
    const row = { Postcode: '200', Locality: 'ANU', State: 'ACT', Long: '0', Lat: '0', Type: '' };
    expect(parseGazetteerRow(row)).toMatchObject({ ok: true, value: { postcode: '0200', isDeliveryArea: false, lat: null, lng: null } });
  });
});
