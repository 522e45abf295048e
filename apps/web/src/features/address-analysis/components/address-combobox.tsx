import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { AddressSuggestion } from '@propguard/schemas';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatLocality, formatPlaceName } from '../../../lib/format.ts';
import type { AddressSuggestionsState } from '../hooks/use-address-suggestions.ts';

type AddressComboboxProps = {
  id: string;
  value: string;
  placeholder?: string;
  suggestions: AddressSuggestionsState;
};

/**
 * The address box with its suggestion list, as a WAI-ARIA 1.2 combobox: arrows move through the
 * list, Enter picks the highlighted suggestion (or submits the form when none is), Escape closes.
 */
export function AddressCombobox({ id, value, placeholder, suggestions }: AddressComboboxProps) {
  const listId = useId();
  const [active, setActive] = useState(-1);
  const { items, isOpen } = suggestions;
  const activeIndex = isOpen && active < items.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function pick(suggestion: AddressSuggestion) {
    setActive(-1);
    suggestions.onPick(suggestion);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (isOpen) event.preventDefault();
      setActive(-1);
      suggestions.onClose();
      return;
    }
    if (!isOpen) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(activeIndex <= 0 ? items.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const suggestion = items[activeIndex];
      if (suggestion) pick(suggestion);
    }
  }

  return (
    <div className="relative">
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          setActive(-1);
          suggestions.onType(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => suggestions.onClose()}
      />
      <div
        className={cn('absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg', isOpen ? '' : 'hidden')}
      >
        <ul id={listId} role="listbox" aria-label="Address suggestions" className="max-h-80 overflow-y-auto py-1">
          {items.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep the focus in the box: a mouse down would blur it and close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(suggestion)}
              className={cn('flex cursor-pointer items-start justify-between gap-3 px-3 py-2 text-sm', index === activeIndex ? 'bg-blue-50' : '')}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{formatPlaceName(suggestion.address)}</span>
                <span className="block truncate text-xs text-slate-500">{formatLocality(suggestion)}</span>
              </span>
              <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs capitalize text-slate-600">{suggestion.type}</span>
            </li>
          ))}
        </ul>
        <p className="border-t border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-500">Powered by {suggestions.source}</p>
      </div>
    </div>
  );
}
