import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../src/csv.ts';

describe('toCsv (the one CSV writer)', () => {
  it('quotes cells holding a comma, a quote or a line break, and ends every row', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'cr\ronly']])).toBe('"a,b","say ""hi""","two\nlines","cr\ronly"\n');
    expect(toCsv([['a', 'b'], ['c', 'd']], { lineEnding: '\r\n' })).toBe('a,b\r\nc,d\r\n');
    expect(toCsv([])).toBe('');
  });

  it('writes null and undefined as empty cells and booleans as true/false', () => {
    expect(toCsv([[null, undefined, true, false, 0]])).toBe(',,true,false,0\n');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', '"\'\rcmd"'],
    ['+61 2 9999 0000', "'+61 2 9999 0000"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
  ])('neutralises formula text %j with a leading quote', (cell, written) => {
    expect(toCsv([[cell]])).toBe(`${written}\n`);
  });

  it('leaves numbers alone: typed numbers and text that is exactly a decimal number', () => {
    expect(toCsv([[-12500, -0.5, '-33.8688', '+5', '1e6', '-2.5E-3', 'Collins St - east']])).toBe('-12500,-0.5,-33.8688,+5,1e6,-2.5E-3,Collins St - east\n');
  });

  it('reads back (csv-parse) as the cells written, the neutralised ones with their quote', () => {
    const rows = [['loan_id', 'address', 'lat'], ['=1+1', '1 Main St, Perth', '-31.95'], ['L2', 'Line\nbreak "quoted"', '']];
    expect(parse(toCsv(rows))).toEqual([['loan_id', 'address', 'lat'], ["'=1+1", '1 Main St, Perth', '-31.95'], ['L2', 'Line\nbreak "quoted"', '']]);
  });
});
