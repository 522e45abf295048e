import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@propguard/db';
import { assignSplits, buildSalesIndex, fitValuationModel, prepareRows, VALUATION_GBM_PARAMS, type SalesIndex, type ValuationModel } from '@propguard/engines';
import { parseCsv, valueCsvText } from '../src/commands/value-csv.ts';
import { makeSyntheticSales } from '../../../packages/engines/test/valuation/synthetic-sales.ts';

let model: ValuationModel;
let index: SalesIndex;
let database: Database;
let homeDir: string;

// The rows are placed by resolveSubject (packages/db), as the API places them: a temporary
// embedded database holding one gazetteer locality and no sales.
beforeAll(async () => {
  index = buildSalesIndex(makeSyntheticSales(1500));
  const rows = prepareRows(index, 13.5);
  model = fitValuationModel(rows, assignSplits(rows.sales, 1, false), { id: 'csv-test', params: { ...VALUATION_GBM_PARAMS, maxTrees: 30, maxLeaves: 8, minLeafRows: 10 } }).model;
  homeDir = await mkdtemp(join(tmpdir(), 'propguard-valuecsv-'));
  database = await openDatabase({ homeDir });
  await database.query(`INSERT INTO localities (name, state, postcode, lat, lng, type, is_delivery_area) VALUES ('Eastville', 'VIC', '3100', -37.8, 145.1, 'Delivery Area', true)`);
});
afterAll(async () => {
  await database?.close();
  if (homeDir) await rm(homeDir, { recursive: true, force: true });
});

function dependencies() {
  return { database, model, index, lookups: { addressBook: new Map(), placeCache: new Map() } };
}

const INPUT = [
  'id,address,suburb,state,postcode,lat,lng,property_type,bedrooms,bathrooms,car_spaces,land_size,building_size,year_built,date',
  '1,,,,,-37.8,145.1,house,3,2,1,500,180,1990,2018-06-01',
  '2,,Eastville,VIC,3100,,,unit,2,1,,,,,2018-06-01',
  '3,"5 Test St, Eastville VIC 3100",,,,,,house,,,,,,,2018-06-01',
  '4,,,,,-37.8,145.1,house,3,2,1,500,180,1990,not-a-date',
  '5,,Nowhere,VIC,3999,,,house,3,,,,,,2018-06-01',
  '6,,,,,-37.8,145.1,house,three,2,1,500,180,1990,2018-06-01',
  '7,,,VIC,,-37.8,145.1,house,3,2,1,500,180,1990,',
  '8,,,VIC,,-37.8,145.1,house,3,2,1,500,180,1990,2025-01-01',
  '9,,Eastville,VIC,3100,,,duplex/semi-detached,3,1,,,,,2018-06-01',
  '10,,Eastville,VIC,3100,,,castle,3,1,,,,,2018-06-01',
  '11,,Eastville,VIC,3100,,,warehouse,3,1,,,,,2018-06-01',
  '12,,Eastville,VIC,3100,,,unit,2,1,1,0,0,2030,2018-06-01',
  '13,,,,,,,house,3,2,1,500,180,1990,2018-06-01',
  '14,,,,,-37.8,145.1,house,3,2,1,500,180,1990,1/06/2018',
].join('\n');

describe('propguard value --csv', () => {
  it('appends estimate, low, high, fsd_pct, confidence, as_at, note and error; passes extra columns through; never crashes', async () => {
    const { output, rows, failed } = await valueCsvText(INPUT, dependencies());
    const table = parseCsv(output);
    expect(table[0]).toEqual([...INPUT.split('\n')[0]!.split(','), 'estimate', 'low', 'high', 'fsd_pct', 'confidence', 'as_at', 'note', 'error']);
    expect(rows).toBe(14);
    // Only a row that names no property (13) and one that cannot be placed (5) are refused.
    expect(failed).toBe(2);
    const byId = new Map(table.slice(1).map((cells) => [cells[0], cells]));
    for (const id of ['1', '2', '3', '6', '9', '10', '11', '12', '14']) {
      const cells = byId.get(id)!;
      const [estimate, low, high, fsd, confidence, asAt, , error] = cells.slice(-8).map((cell) => cell);
      expect(Number(fsd)).toBeGreaterThan(0);
      expect(error).toBe('');
      expect(asAt).toBe('2018-06-01');
      expect(Number(low)).toBeLessThanOrEqual(Number(estimate));
      expect(Number(high)).toBeGreaterThanOrEqual(Number(estimate));
      expect(Number(confidence)).toBeGreaterThanOrEqual(0);
    }
    expect(byId.get('3')![1]).toBe('5 Test St, Eastville VIC 3100');
    // Every row that names a property is valued (issue 31, item 6); what was left out is in the note.
    expect(byId.get('4')!.at(-1)).toBe('');
    expect(byId.get('4')!.at(-2)).toContain(`date: "not-a-date" is not a date (YYYY-MM-DD or D/MM/YYYY), valued as at the market's date instead`);
    expect(byId.get('4')!.at(-3)).toBe(index.lastSaleDateByMarket.get('VIC'));
    expect(byId.get('5')!.at(-1)).toContain('cannot place');
    expect(byId.get('6')!.at(-2)).toContain('bedrooms: "three" is not a number, treated as not given');
    expect(byId.get('12')!.at(-2)).toContain('landSizeM2: 0 m² given for a unit, treated as not given (a unit has no lot of its own)');
    expect(byId.get('12')!.at(-2)).toContain('buildingSizeM2: 0 m² given, treated as not given');
    expect(byId.get('12')!.at(-2)).toContain('yearBuilt: 2030 given, treated as not given (after the valuation date, 2018-06-01');
    expect(byId.get('13')!.at(-1)).toBe('a row needs a listing_id, a suggestion_id, an address, lat and lng, or suburb and postcode');
    // The Australian day-first date, as the sources write it.
    expect(byId.get('14')!.at(-3)).toBe('2018-06-01');
    // The valuation date rule of the server: no date, or a date past the market's data, is the market's latest sale.
    const lastVic = index.lastSaleDateByMarket.get('VIC');
    expect(byId.get('7')!.at(-3)).toBe(lastVic);
    expect(byId.get('8')!.at(-3)).toBe(lastVic);
    expect(byId.get('8')!.at(-8)).toBe(byId.get('7')!.at(-8));
    expect(byId.get('8')!.at(-2)).toContain('asAt:');
    // Property types people use (issue 13.3): read through the vocabulary; an unknown one is valued, and said.
    expect(byId.get('9')!.at(-2)).toContain('propertyType: house (read from "duplex/semi-detached")');
    expect(byId.get('10')!.at(-2)).toContain('"castle" is not a property type we know');
    expect(byId.get('11')!.at(-2)).toContain('propertyType: other (read from "warehouse")');
  });

  it('leaves out, and names, a value the API schema refuses; refuses only a row then naming no property', async () => {
    const header = 'address,suburb,state,postcode,lat,lng,bedrooms';
    const { output, failed } = await valueCsvText(`${header}\n,Eastville,XX,3100,,,-3\n,,,,-37.8,,3\n,,,,10,100,3\n`, dependencies());
    expect(failed).toBe(2);
    const rows = parseCsv(output).slice(1);
    // Valued without the state and the negative bedrooms, and said so.
    expect(rows[0]!.at(-1)).toBe('');
    expect(rows[0]!.at(-2)).toMatch(/^state: "XX" .*, not used; bedrooms: "-3" .*, treated as not given/);
    // Coordinates that are not a pair, or not in Australia, leave the row naming nothing.
    expect(rows[1]!.at(-1)).toMatch(/^a row needs .*; lat\/lng: -37\.8, : lat and lng go together, not used$/);
    expect(rows[2]!.at(-1)).toMatch(/^a row needs .*; lat\/lng: 10, 100: /);
  });

  it('writes through the one CSV writer: a formula-like cell comes back neutralised, coordinates stay numbers', async () => {
    const { output } = await valueCsvText('id,lat,lng,bedrooms,comment\n"=HYPERLINK(""http://x"",""y"")",-37.8,145.1,3,@SUM(1)\n', dependencies());
    const [header, row] = output.trimEnd().split('\n');
    expect(header).toBe('id,lat,lng,bedrooms,comment,estimate,low,high,fsd_pct,confidence,as_at,note,error');
    expect(row).toMatch(/^"'=HYPERLINK\(""http:\/\/x"",""y""\)",-37\.8,145\.1,3,'@SUM\(1\),\d+,/);
  });

  // Its speed (rows per CPU-second) is measured by `npm run bench:value-csv`, not asserted here.
  it('values 4,000 rows of one suburb without refusing one', async () => {
    const line = '1,,Eastville,VIC,3100,,,house,3,2,1,500,180,1990,2018-06-01';
    const many = [INPUT.split('\n')[0], ...Array.from({ length: 4000 }, () => line)].join('\n');
    const { output, rows, failed } = await valueCsvText(many, dependencies());
    expect(rows).toBe(4000);
    expect(failed).toBe(0);
    const estimates = parseCsv(output).slice(1).map((cells) => Number(cells[15]));
    expect(new Set(estimates).size).toBe(1);
    expect(estimates[0]).toBeGreaterThan(0);
  });
});
