// The NSW Valuer General's `.DAT` parser on real lines of the bundled weekly files
// (data/nsw-valuer-general-sales-2021q1/; each line's file is named beside it).
import { describe, expect, it } from 'vitest';
import { applyCleaningRules } from '../src/ingest/cleaning-rules.ts';
import { buildVgStreetAddress, keepLatestVgRecords, parseVgSale, readVgDatText, separateMultiLotDealings, type KeyedVgRecord } from '../src/ingest/parse-nsw-vg-dat.ts';
import type { SaleRecord } from '../src/ingest/sale-record.ts';

/** The start of 20210104.zip/001_SALES_DATA_NNME_04012021.DAT, CRLF as published (its trailer counts the whole file). */
const CESSNOCK_FILE = [
  'A;RTSALEDATA;001;20210104 01:00;VALNET;',
  'B;001;6156;1;20210104 01:00;;;21;COMFORT AVE;CESSNOCK;2325;881.66;M;20201229;20201229;303600;R3;R;RESIDENCE;;MAA;;0;AQ694607;',
  'C;001;6156;1;20210104 01:00;14/G/5106;',
  'D;001;6156;1;20210104 01:00;P;;;;;;',
  'D;001;6156;1;20210104 01:00;V;;;;;;',
  'D;001;6156;1;20210104 01:00;V;;;;;;',
  'B;001;4326553;3;20210104 01:00;;;136;TRITON BVD;NORTH ROTHBURY;2335;416;M;20201201;20201224;158000;R1;V;VACANT LAND;;FCB;;0;AQ692657;',
  'C;001;4326553;3;20210104 01:00;1602/1232063;',
  'D;001;4326553;3;20210104 01:00;P;;;;;;',
  'D;001;4326553;3;20210104 01:00;V;;;;;;',
  'Z;24;5;5;12;',
  '',
].join('\r\n');

/** One B line as the only record of a file, identified and parsed. */
function parseLine(line: string): ReturnType<typeof parseVgSale> {
  const { latest } = keepLatestVgRecords(readVgDatText(line, 'test.DAT').bRecords);
  expect(latest).toHaveLength(1);
  return parseVgSale(latest[0] as KeyedVgRecord, 'nsw-valuer-general-sales-2021q1');
}

function parsedSale(line: string): SaleRecord {
  const parsed = parseLine(line);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

describe('readVgDatText', () => {
  it('returns the B records and counts the A, C, D and Z lines', () => {
    const file = readVgDatText(CESSNOCK_FILE, '001_SALES_DATA_NNME_04012021.DAT');
    expect(file.bRecords.map((record) => [record.line, record.fields[2]])).toEqual([
      [2, '6156'],
      [7, '4326553'],
    ]);
    expect(file.lineCounts).toEqual({ A: 1, B: 2, C: 2, D: 5, Z: 1, other: 0 });
    expect(file.trailerBCount).toBe(5);
  });
});

describe('parseVgSale', () => {
  it('reads a residence: street address, locality, land in m², contract date and price', () => {
    const sale = parsedSale('B;001;6156;1;20210104 01:00;;;21;COMFORT AVE;CESSNOCK;2325;881.66;M;20201229;20201229;303600;R3;R;RESIDENCE;;MAA;;0;AQ694607;');
    expect(sale).toMatchObject({
      source: 'nsw-valuer-general-sales-2021q1',
      sourceKey: 'nsw-vg:6156|AQ694607|',
      sourceVersion: '2021-01-04T01:00',
      address: '21 Comfort Ave',
      suburb: 'Cessnock',
      state: 'NSW',
      postcode: '2325',
      propertyType: 'house',
      propertyTypeRaw: 'RESIDENCE',
      landSizeM2: 881.66,
      priceAud: 303600,
      saleDate: '2020-12-29',
      datePrecision: 'day',
      saleMethod: 'sold',
      saleMethodRaw: null,
      bedrooms: null,
      lat: null,
    });
  });

  it('reads vacant land (nature V) as land', () => {
    const sale = parsedSale('B;001;4326553;3;20210104 01:00;;;136;TRITON BVD;NORTH ROTHBURY;2335;416;M;20201201;20201224;158000;R1;V;VACANT LAND;;FCB;;0;AQ692657;');
    expect(sale).toMatchObject({ propertyType: 'land', address: '136 Triton Bvd', suburb: 'North Rothbury', landSizeM2: 416 });
  });

  it('reads a strata lot as a unit, with its unit number in the address and its lot in the key', () => {
    // 20210222.zip/261_SALES_DATA_NNME_22022021.DAT: no area (strata lots mostly have none).
    const sale = parsedSale('B;261;1325310;56;20210222 01:02;;1;43;STATION RD;AUBURN;2144;;;20210104;20210215;440000;;R;RESIDENCE;1;;;0;AQ802148;');
    expect(sale).toMatchObject({ propertyType: 'unit', address: '1/43 Station Rd', suburb: 'Auburn', landSizeM2: null, sourceKey: 'nsw-vg:1325310|AQ802148|1' });
    // 20210104.zip/090_SALES_DATA_NNME_04012021.DAT: an off-the-plan lot, contracted in 2014 and settled in 2018.
    const ryde = parsedSale('B;090;4205410;1;20210104 01:00;;501 A;6;NANCARROW AVE;RYDE;2112;;;20140816;20181203;870000;;R;RESIDENCE;1;;XA;0;AN907474;');
    expect(ryde).toMatchObject({ propertyType: 'unit', address: '501A/6 Nancarrow Ave', saleDate: '2014-08-16' });
  });

  it('converts hectares to square metres', () => {
    // 20210111.zip/010_SALES_DATA_NNME_11012021.DAT
    const sale = parsedSale('B;010;3057122;1;20210111 01:00;;;61;STURGEON ST;RAYMOND TERRACE;2324;2.3;H;20201127;20210107;880000;RU2;R;RESIDENCE;;RAE;;0;AQ703256;');
    expect(sale.landSizeM2).toBe(23_000);
    // 20210104.zip/042_SALES_DATA_NNME_04012021.DAT: no house number, so no street address (a street is not an address).
    const rural = parsedSale('B;042;3259041;1;20210104 01:00;;;;COBB DR;WOODSTOCK;2793;6.168;H;20201224;20201231;129000;RU1;R;RESIDENCE;;HFE;;0;AQ698404;');
    expect(rural).toMatchObject({ landSizeM2: 61_680, address: null, suburb: 'Woodstock' });
  });

  it('leaves out a sale of a partial interest, with its share', () => {
    // 20210104.zip/263_SALES_DATA_NNME_04012021.DAT
    const parsed = parseLine('B;263;3345854;1;20210104 01:02;;1;41;BAYLY ST;MULWALA;2647;691;M;20201015;20201230;310000;R1;R;RESIDENCE;;AMR;;50;AQ697055;');
    expect(parsed).toEqual({ ok: false, reason: 'partial_interest', message: 'a 50% interest, not the whole property' });
  });

  it('leaves out natures other than residence and vacant land', () => {
    // 20210118.zip/117_SALES_DATA_NNME_18012021.DAT
    const parsed = parseLine('B;117;4338966;6;20210118 01:01;;;;LACHLAN VALLEY WAY;FORBES;2871;44.41;H;20070824;20201222;195000;;3;FARM;;;;0;AQ685333;');
    expect(parsed).toMatchObject({ ok: false, reason: 'other_nature' });
    expect(parsed.ok ? '' : parsed.message).toBe('nature of property "3" (FARM) is neither R (residence) nor V (vacant land)');
  });

  it('rejects a residence without a contract date, and one whose contract date is decades before settlement', () => {
    // 20210301.zip/537_SALES_DATA_NNME_01032021.DAT
    expect(parseLine('B;537;1219757;2;20210301 01:03;;;5;COBBORA ST;NEILREX;2831;2023;M;;20200528;17000;RU5;R;RESIDENCE;;ZOV;;0;AQ574835;')).toEqual({
      ok: false,
      reason: 'missing_field',
      message: 'contract date is empty',
    });
    // 20210215.zip/084_SALES_DATA_NNME_15022021.DAT: 1921 for 2021.
    expect(parseLine('B;084;4318709;42;20210215 01:01;;201;8 C;PYMBLE AVE;PYMBLE;2073;107;M;19210121;20210211;1100000;;R;RESIDENCE;86;;;0;AQ792993;')).toEqual({
      ok: false,
      reason: 'invalid_date',
      message: 'contract date 1921-01-21 is more than 6 years before the settlement date 2021-02-11',
    });
    // The same line with an impossible calendar date.
    expect(parseLine('B;084;4318709;42;20210215 01:01;;201;8 C;PYMBLE AVE;PYMBLE;2073;107;M;20210231;20210211;1100000;;R;RESIDENCE;86;;;0;AQ792993;')).toEqual({
      ok: false,
      reason: 'invalid_date',
      message: 'contract date "20210231" is not a date (YYYYMMDD)',
    });
  });

  it('rejects a price that is not a number; a tiny price is left to the price rules of every source', () => {
    const line = 'B;262;4019107;5;20210125 01:03;;;100 B;HUNTER ST;DENILIQUIN;2710;455.2;M;20201221;20210120;7000;R1;V;VACANT LAND;;AA1;;0;AQ733681;';
    expect(parseLine(line.replace(';7000;', ';7O00;'))).toMatchObject({ ok: false, reason: 'not_a_number', message: 'purchase price "7O00" is not a number' });
    const tiny = applyCleaningRules(parsedSale(line));
    expect(tiny).toMatchObject({ ok: false, reason: 'price_below_minimum' });
  });
});

describe('keepLatestVgRecords', () => {
  it('keeps the latest download of a re-sent sale, in whatever order the files come', () => {
    // Deniliquin vacant land: $7,000 in 20210125.zip, corrected to $70,000 in 20210301.zip.
    const first = 'B;262;4019107;5;20210125 01:03;;;100 B;HUNTER ST;DENILIQUIN;2710;455.2;M;20201221;20210120;7000;R1;V;VACANT LAND;;AA1;;0;AQ733681;';
    const corrected = 'B;262;4019107;5;20210301 01:03;;;100 B;HUNTER ST;DENILIQUIN;2710;455.2;M;20201221;20210120;70000;R1;V;VACANT LAND;;AA1;AV;0;AQ733681;';
    for (const order of [[first, corrected], [corrected, first]]) {
      const records = order.flatMap((line, index) => readVgDatText(line, `week${index}.DAT`).bRecords);
      const { latest, resent } = keepLatestVgRecords(records);
      expect(resent).toBe(1);
      expect(latest).toHaveLength(1);
      const sale = parseVgSale(latest[0] as KeyedVgRecord, 'test');
      expect(sale).toMatchObject({ ok: true, value: { priceAud: 70_000, address: '100B Hunter St', sourceVersion: '2021-03-01T01:03' } });
    }
  });

  it('tells apart the strata lots of one property and dealing', () => {
    // 20210104.zip/090_SALES_DATA_NNME_04012021.DAT: lots 1 and 2 of one building; the third line is lot 3's
    // with lot 1's dealing number put in, as when one dealing transfers several lots.
    const lines = [
      'B;090;4205410;1;20210104 01:00;;501 A;6;NANCARROW AVE;RYDE;2112;;;20140816;20181203;870000;;R;RESIDENCE;1;;XA;0;AN907474;',
      'B;090;4205410;2;20210104 01:00;;502 A;6;NANCARROW AVE;RYDE;2112;;;20140817;20181203;663000;;R;RESIDENCE;2;;XA;0;AN991486;',
      'B;090;4205410;3;20210104 01:00;;503 A;6;NANCARROW AVE;RYDE;2112;;;20140909;20181210;800000;;R;RESIDENCE;3;;XA;0;AN907474;',
    ];
    const { latest, resent } = keepLatestVgRecords(readVgDatText(lines.join('\r\n'), '090.DAT').bRecords);
    expect(resent).toBe(0);
    expect(latest.map((record) => record.key)).toEqual(['nsw-vg:4205410|AN907474|1', 'nsw-vg:4205410|AN991486|2', 'nsw-vg:4205410|AN907474|3']);
  });

  it('separates the strata lots sold in one dealing, each at the whole dealing\'s price', () => {
    // 20210322.zip/267_SALES_DATA_NNME_22032021.DAT: lots 25 (27 m²) and 59 (13 m²) of 3 Rayner St, Lilyfield, one dealing,
    // $380,000 on each line; the third (Auburn, 20210222.zip) is a sale of one lot.
    const lines = [
      'B;267;3900574;49;20210322 01:02;;25;3;RAYNER ST;LILYFIELD;2040;27;M;20210201;20210315;380000;;R;RESIDENCE;25;;;0;AQ870690;',
      'B;267;3900574;50;20210322 01:02;;59;3;RAYNER ST;LILYFIELD;2040;13;M;20210201;20210315;380000;;R;RESIDENCE;59;;;0;AQ870690;',
      'B;261;1325310;56;20210222 01:02;;1;43;STATION RD;AUBURN;2144;;;20210104;20210215;440000;;R;RESIDENCE;1;;;0;AQ802148;',
    ];
    const { latest } = keepLatestVgRecords(readVgDatText(lines.join('\r\n'), '267.DAT').bRecords);
    const { single, multiLot } = separateMultiLotDealings(latest);
    expect(multiLot.map((record) => record.key)).toEqual(['nsw-vg:3900574|AQ870690|25', 'nsw-vg:3900574|AQ870690|59']);
    expect(single.map((record) => record.key)).toEqual(['nsw-vg:1325310|AQ802148|1']);
  });

  it('rejects a B record cut short', () => {
    const { latest, rejected } = keepLatestVgRecords(readVgDatText('B;001;6156;1;20210104 01:00;;;21;COMFORT AVE;CESSNOCK;2325', 'cut.DAT').bRecords);
    expect(latest).toHaveLength(0);
    expect(rejected).toMatchObject([{ reason: 'invalid_value', message: 'B record has 11 fields, expected 24 up to the dealing number' }]);
  });
});

describe('buildVgStreetAddress', () => {
  it('joins unit, house number and street as people write them', () => {
    expect(buildVgStreetAddress('201', '8 C', 'PYMBLE AVE')).toBe('201/8C Pymble Ave');
    expect(buildVgStreetAddress('', '19', "O'CONNELL ST")).toBe("19 O'Connell St");
    expect(buildVgStreetAddress('', '', 'COBB DR')).toBeNull();
  });
});
