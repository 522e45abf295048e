// `propguard risk --csv`: six hazard columns per row on the real data in data/ (loaded once).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHazardData } from '@propguard/db';
import { buildHazardContext, type HazardContext } from '@propguard/engines';
import { parseRiskSettings, riskCsvText } from '../src/commands/risk.ts';
import { parseCsv } from '../src/commands/value-csv.ts';

const DATA_DIR = join(import.meta.dirname, '..', '..', '..', 'data');
let context: HazardContext;
beforeAll(async () => {
  context = buildHazardContext(await loadHazardData(DATA_DIR));
});

const INPUT = [
  'id,lat,lng,note',
  '1,-28.8141,153.2746,Lismore 2022 flood',
  '2,-33.7125,150.3119,"Katoomba ridge, no river within 30 km: flood low (flood-v5)"',
  '6,-34.466406,150.943899,"on the Port Kembla shoreline, outside every suburb polygon: no flood data"',
  '3,abc,151,not a number',
  '4,-10,100,outside Australia',
  '5,,,empty',
].join('\n');

describe('propguard risk --csv', () => {
  it('appends the six scores, levels and error; passes extra columns through; never crashes', () => {
    const { output, rows, failed } = riskCsvText(INPUT, context, 'high', 2050);
    const table = parseCsv(output);
    expect(table[0]).toEqual(['id', 'lat', 'lng', 'note', 'flood', 'fire', 'coastal', 'subsidence', 'cyclone', 'earthquake', 'levels', 'error']);
    expect(rows).toBe(6);
    expect(failed).toBe(3);
    const byId = new Map(table.slice(1).map((cells) => [cells[0]!, cells]));
    const lismore = byId.get('1')!;
    expect(Number(lismore[4])).toBeGreaterThanOrEqual(85);
    expect(lismore[10]).toMatch(/^flood:High;fire:\w+;coastal:Low;subsidence:no data;cyclone:Low;earthquake:Low$/);
    expect(lismore[11]).toBe('');
    const katoomba = byId.get('2')!;
    expect(katoomba[3]).toBe('Katoomba ridge, no river within 30 km: flood low (flood-v5)');
    expect(katoomba[4]).toBe('0');
    expect(katoomba[10]).toMatch(/^flood:Low;/);
    const shore = byId.get('6')!;
    expect(shore[4]).toBe('');
    expect(shore[10]).toMatch(/^flood:no data;/);
    expect(byId.get('3')![11]).toMatch(/must be numbers/);
    expect(byId.get('4')![11]).toMatch(/outside Australia/);
    expect(byId.get('5')![11]).toMatch(/must be numbers/);
    expect(byId.get('4')!.slice(4, 11)).toEqual(['', '', '', '', '', '', '']);
  });

  it('writes through the one CSV writer: formula-like cells neutralised, negative latitudes kept as numbers', () => {
    const { output } = riskCsvText('id,lat,lng,note\n"=HYPERLINK(""http://x"",""y"")",-28.8141,153.2746,+cmd\n', context, 'high', 2050);
    const [, row] = output.trimEnd().split('\n');
    expect(row).toMatch(/^"'=HYPERLINK\(""http:\/\/x"",""y""\)",-28\.8141,153\.2746,'\+cmd,\d+,/);
  });

  it('rejects a bad year or scenario with the field named', () => {
    expect(parseRiskSettings({ year: '2050', scenario: 'low' })).toEqual({ year: 2050, scenario: 'low' });
    expect(() => parseRiskSettings({ year: '2010', scenario: 'low' })).toThrow(/--year/);
    expect(() => parseRiskSettings({ year: '2050', scenario: 'medium' })).toThrow(/--scenario/);
  });
});
