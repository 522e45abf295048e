// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, TabPanel } from '../src/components/ui/tabs.tsx';

const TABS = [
  { id: 'one', label: 'One' },
  { id: 'two', label: 'Two' },
  { id: 'three', label: 'Three' },
] as const;

function Harness() {
  const [value, setValue] = useState<(typeof TABS)[number]['id']>('one');
  return (
    <>
      <TabList label="Sections" idBase="t" tabs={TABS} value={value} onValueChange={setValue} />
      <TabPanel idBase="t" tabId={value}>Panel {value}</TabPanel>
    </>
  );
}

afterEach(cleanup);

describe('TabList', () => {
  it('selects the first tab and ties it to its panel', () => {
    render(<Harness />);
    const first = screen.getByRole('tab', { name: 'One' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Two' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'One' }).textContent).toBe('Panel one');
  });

  it('moves and selects with arrow keys, Home and End, wrapping around', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'One' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Two' }));

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Two' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Three' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'One' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'One' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Three' }), { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel one');
  });

  it('selects on click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Three' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
  });
});
