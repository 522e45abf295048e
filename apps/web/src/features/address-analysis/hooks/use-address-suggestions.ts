import { useState } from 'react';
import type { AddressSuggestion } from '@propguard/schemas';
import type { DataMode } from '../../../lib/data-mode.ts';
import { useAddressSuggestions } from '../api/search-addresses.ts';
import { SUGGESTION_DEBOUNCE_MS, shouldSuggest } from '../suggestion-rules.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export type AddressSuggestionsState = {
  items: AddressSuggestion[];
  isOpen: boolean;
  /** The "Powered by" credit of the data behind the list. */
  source: string;
  /** The user typed: the text goes to the box and, debounced, to the suggestions. */
  onType: (text: string) => void;
  onPick: (suggestion: AddressSuggestion) => void;
  onClose: () => void;
};

type UseSuggestionsOptions = {
  mode: DataMode;
  setAddress: (address: string) => void;
  /** Runs when a suggestion is picked (the analysis sends its id). */
  onPicked: (suggestion: AddressSuggestion) => void;
};

/** SPEC.md section 4's address search: debounced, from 3 characters, closed on pick, Escape or clearing. */
export function useAddressSuggestionList({ mode, setAddress, onPicked }: UseSuggestionsOptions): AddressSuggestionsState & { close: () => void } {
  // Only what the user typed is searched: text set by a pick or the demo button is not.
  const [typed, setTyped] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const debounced = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS).trim();
  const isEnabled = shouldSuggest(debounced, mode);
  const query = useAddressSuggestions(debounced, isEnabled);
  const items = isEnabled && shouldSuggest(typed, mode) ? (query.data?.suggestions ?? []) : [];

  function close() {
    setIsOpen(false);
    setTyped('');
  }

  return {
    items,
    isOpen: isOpen && items.length > 0,
    source: query.data?.source ?? '',
    close,
    onType: (text) => {
      setAddress(text);
      setTyped(text);
      setIsOpen(true);
    },
    onPick: (suggestion) => {
      setAddress(suggestion.label);
      close();
      onPicked(suggestion);
    },
    onClose: () => setIsOpen(false),
  };
}
