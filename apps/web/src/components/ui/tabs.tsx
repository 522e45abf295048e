import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type TabItem<T extends string> = { id: T; label: string; icon?: ReactNode };

type TabListProps<T extends string> = {
  /** Accessible name of the tab list, e.g. "Dashboard sections". */
  label: string;
  /** Prefix for the element ids that tie each tab to its panel. */
  idBase: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  className?: string;
};

export function getTabId(idBase: string, tabId: string): string {
  return `${idBase}-tab-${tabId}`;
}

export function getTabPanelId(idBase: string, tabId: string): string {
  return `${idBase}-panel-${tabId}`;
}

function findNextIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab in the Tab order, arrow
 * keys, Home and End move and select (selection follows focus).
 */
export function TabList<T extends string>({ label, idBase, tabs, value, onValueChange, className }: TabListProps<T>) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = findNextIndex(event.key, index, tabs.length);
    const nextTab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !nextTab) return;
    event.preventDefault();
    onValueChange(nextTab.id);
    tabRefs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn('flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1', className)}
    >
      {tabs.map((tab, index) => {
        const isSelected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={getTabId(idBase, tab.id)}
            aria-selected={isSelected}
            aria-controls={isSelected ? getTabPanelId(idBase, tab.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onValueChange(tab.id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
              isSelected ? 'bg-white text-blue-700 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

type TabPanelProps = { idBase: string; tabId: string; children: ReactNode; className?: string };

/** The panel of the selected tab; only the selected panel is rendered. */
export function TabPanel({ idBase, tabId, children, className }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={getTabPanelId(idBase, tabId)}
      aria-labelledby={getTabId(idBase, tabId)}
      tabIndex={0}
      className={cn('focus-visible:outline-offset-4', className)}
    >
      {children}
    </div>
  );
}
