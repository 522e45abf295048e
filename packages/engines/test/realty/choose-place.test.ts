import { describe, expect, it } from 'vitest';
import { choosePlace } from '../../src/index.ts';

describe('choosePlace', () => {
  it('is null for a name in one state or none', () => {
    expect(choosePlace('ABBOTSFORD', [{ state: 'VIC', sales: 300 }])).toBeNull();
    expect(choosePlace('NOWHERE', [])).toBeNull();
  });

  it('chooses the state with the most sales and lists the others as alternatives', () => {
    const choice = choosePlace('RICHMOND', [{ state: 'VIC', sales: 900 }, { state: 'NSW', sales: 1_200 }, { state: 'TAS', sales: 3 }]);
    expect(choice).toMatchObject({ state: 'NSW', label: 'Richmond NSW' });
    expect(choice!.reason).toBe('Richmond is in 3 states in our data; NSW has the most sales (1,200)');
    expect(choice!.alternatives.map((alternative) => alternative.label)).toEqual(['Richmond VIC', 'Richmond TAS']);
  });

  it('prefers the user\'s state when the name is there', () => {
    const choice = choosePlace('RICHMOND', [{ state: 'VIC', sales: 900 }, { state: 'NSW', sales: 1_200 }], 'VIC');
    expect(choice).toMatchObject({ state: 'VIC', reason: 'Richmond is in 2 states; your state (VIC) was used' });
  });
});
