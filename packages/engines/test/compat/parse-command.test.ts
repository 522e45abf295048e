import { describe, expect, it } from 'vitest';
import { ASSISTANT_EXAMPLES, parseCommand, parseMoneyAud } from '../../src/compat/parse-command.ts';

describe('parseCommand', () => {
  it('reads a bare street address as a valuation', () => {
    expect(parseCommand('85 Turner St Abbotsford')).toEqual({ kind: 'value', address: '85 Turner St Abbotsford' });
    expect(parseCommand('  3/12 Smith Street, Fitzroy VIC 3065. ')).toEqual({ kind: 'value', address: '3/12 Smith Street, Fitzroy VIC 3065' });
    expect(parseCommand('what is 85 Turner St Abbotsford worth')).toEqual({ kind: 'value', address: '85 Turner St Abbotsford' });
    expect(parseCommand('value 12A Collins St Melbourne')).toEqual({ kind: 'value', address: '12A Collins St Melbourne' });
  });

  it('reads risk, compare, market and LVR commands', () => {
    expect(parseCommand('risk of 85 Turner St Abbotsford')).toEqual({ kind: 'risk', address: '85 Turner St Abbotsford' });
    expect(parseCommand('What is the flood risk for 1 Main Rd Lismore NSW?')).toEqual({ kind: 'risk', address: '1 Main Rd Lismore NSW' });
    expect(parseCommand('compare 85 Turner St Abbotsford and 31 Park St Abbotsford')).toEqual({ kind: 'compare', addresses: ['85 Turner St Abbotsford', '31 Park St Abbotsford'] });
    expect(parseCommand('market in Richmond VIC')).toEqual({ kind: 'market', location: 'Richmond VIC' });
    expect(parseCommand('How is the market in 3067')).toEqual({ kind: 'market', location: '3067' });
    expect(parseCommand('LVR for a $800,000 loan on 85 Turner St Abbotsford')).toEqual({ kind: 'lvr', address: '85 Turner St Abbotsford', loanAmountAud: 800_000 });
    expect(parseCommand('lvr for a 1.2m loan on 85 Turner St Abbotsford')).toMatchObject({ kind: 'lvr', loanAmountAud: 1_200_000 });
  });

  it('answers anything else with help and the reason', () => {
    expect(parseCommand('')).toMatchObject({ kind: 'help' });
    expect(parseCommand('tell me a joke')).toMatchObject({ kind: 'help', reason: 'The command was not understood' });
    expect(parseCommand('risk of Abbotsford')).toMatchObject({ kind: 'help', reason: expect.stringContaining('not a street address') });
    expect(parseCommand('compare Abbotsford and Richmond')).toMatchObject({ kind: 'help' });
    expect(parseCommand('LVR for a lot of loan on 85 Turner St Abbotsford')).toMatchObject({ kind: 'help' });
  });

  it('understands every example it offers', () => {
    for (const example of ASSISTANT_EXAMPLES) expect(parseCommand(example).kind, example).not.toBe('help');
  });

  it('reads money amounts', () => {
    expect(parseMoneyAud('$800,000')).toBe(800_000);
    expect(parseMoneyAud('800k')).toBe(800_000);
    expect(parseMoneyAud('$1.25 million')).toBe(1_250_000);
    expect(parseMoneyAud('lots')).toBeNull();
    expect(parseMoneyAud('$0')).toBeNull();
  });
});
