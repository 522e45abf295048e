import { performance } from 'node:perf_hooks';
import MiniSearch, { type SearchResult } from 'minisearch';
import { normaliseAddressText } from '@propguard/engines';
import type { AddressSearchEntry } from '@propguard/db';
import type { AddressSuggestion } from '@propguard/schemas';

/** What the index stores per entry: its position in the entry list and the two searchable fields. */
interface IndexedEntry {
  id: number;
  /** The street line ("12 COLLINS ST"); a locality's own name, so that "richmond" ranks the locality first. */
  street: string;
  /** Suburb, state and postcode. */
  place: string;
}

export interface AddressIndex {
  entries: readonly AddressSearchEntry[];
  addressCount: number;
  localityCount: number;
  buildMs: number;
  /** The "Powered by" line of the dropdown. */
  source: string;
  search(query: string, limit: number): AddressSuggestion[];
}

/**
 * Terms split on anything but letters and digits ("3/12" is two terms, unit and number); street
 * types are abbreviated the way the valuation's address matcher does ("Street" and "St" are one
 * term), so a query may use either spelling.
 */
function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function processTerm(term: string): string | null {
  const normalised = normaliseAddressText(term).toLowerCase();
  return normalised === '' ? null : normalised;
}

const HAS_DIGIT = /\d/;

/**
 * Typo tolerance by term length: about one edit in five letters ("colins" finds "collins"), none
 * for terms under four letters or holding digits (a house number or postcode is typed exactly).
 */
function fuzzyFor(term: string): number | false {
  return HAS_DIGIT.test(term) || term.length < 4 ? false : 0.2;
}

/** Only the last term is a prefix: it is the one still being typed. */
function prefixFor(_term: string, index: number, terms: string[]): boolean {
  return index === terms.length - 1;
}

/** "12", "3/12" or "12A": the street number of an address, for the house-number boost. */
function streetNumberOf(address: string): string | null {
  const first = address.trim().split(/\s+/)[0] ?? '';
  if (!HAS_DIGIT.test(first)) return null;
  const afterUnit = first.split('/').pop() ?? first;
  return afterUnit.toLowerCase();
}

/** Gazetteer names are upper case ("RICHMOND VALE"); suggestions show them as people write them. */
export function toDisplayName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
}

function toSuggestion(entry: AddressSearchEntry): AddressSuggestion {
  const suburb = toDisplayName(entry.suburb);
  const place = [suburb, entry.state, entry.postcode].filter(Boolean).join(' ');
  if (entry.kind === 'locality') {
    return { id: `locality-${entry.rowId}`, address: suburb, suburb, state: entry.state, postcode: entry.postcode, type: 'locality', kind: 'locality', label: place };
  }
  return {
    id: `address-${entry.rowId}`,
    address: entry.address,
    suburb,
    state: entry.state,
    postcode: entry.postcode,
    type: entry.type ?? 'address',
    kind: 'address',
    label: `${entry.address}, ${place}`,
  };
}

/** Ranking boosts on top of MiniSearch's BM25 score (which already weighs prefix and fuzzy matches below exact ones). */
const HOUSE_NUMBER_BOOST = 3;
const EXACT_TERMS_BOOST = 2;
/** Results of the fall-back "any term" search rank below every "all terms" result. */
const ANY_TERM_PENALTY = 0.01;
/**
 * The fall-back leaves out terms found in more than this share of entries ("st", "vic", "rd"): on
 * their own they suggest nothing, and scoring their tens of thousands of entries would take most
 * of the time budget.
 */
const FALLBACK_MAX_TERM_SHARE = 0.02;
/** The fall-back re-ranks its best few hundred candidates only. */
const FALLBACK_CANDIDATES = 300;

interface RankedResult {
  entry: AddressSearchEntry;
  score: number;
}

/**
 * Builds the in-memory suggestion index (MiniSearch, an inverted index with a radix tree for
 * prefix and fuzzy look-ups) over every street address of our sales and every gazetteer locality.
 */
export function buildAddressIndex(entries: readonly AddressSearchEntry[]): AddressIndex {
  const start = performance.now();
  const miniSearch = new MiniSearch<IndexedEntry>({
    fields: ['street', 'place'],
    tokenize,
    processTerm,
    searchOptions: { boost: { street: 2 }, fuzzy: fuzzyFor, prefix: prefixFor, maxFuzzy: 2 },
  });
  const addressCount = entries.filter((entry) => entry.kind === 'address').length;
  miniSearch.addAll(
    entries.map((entry, id) => ({
      id,
      street: entry.address,
      place: [entry.suburb, entry.state, entry.postcode].filter(Boolean).join(' '),
    })),
  );
  // Entries per term, for the fall-back's choice of terms.
  const entriesPerTerm = new Map<string, number>();
  for (const entry of entries) {
    const terms = new Set(tokenize(`${entry.address} ${entry.suburb} ${entry.state ?? ''} ${entry.postcode ?? ''}`).map(processTerm));
    for (const term of terms) if (term !== null) entriesPerTerm.set(term, (entriesPerTerm.get(term) ?? 0) + 1);
  }
  const fallbackMaxEntries = Math.max(1, Math.floor(entries.length * FALLBACK_MAX_TERM_SHARE));
  const buildMs = Math.round(performance.now() - start);
  const localityCount = entries.length - addressCount;
  const source = `PropGuard address index: ${addressCount.toLocaleString('en-AU')} street addresses from our sales and ${localityCount.toLocaleString('en-AU')} localities from the Australian postcodes gazetteer`;

  function rank(results: SearchResult[], queryTerms: string[], queryNumbers: Set<string>, factor: number): RankedResult[] {
    return results.map((result) => {
      const entry = entries[result.id as number] as AddressSearchEntry;
      let score = result.score * factor;
      const number = entry.kind === 'address' ? streetNumberOf(entry.address) : null;
      if (number !== null && queryNumbers.has(number)) score *= HOUSE_NUMBER_BOOST;
      // Every typed term found as written (whole or as a prefix) beats a typo-corrected match.
      if (queryTerms.every((term) => result.terms.some((matched) => matched.startsWith(term)))) score *= EXACT_TERMS_BOOST;
      return { entry, score };
    });
  }

  function search(query: string, limit: number): AddressSuggestion[] {
    const queryTerms = tokenize(query).map(processTerm).filter((term): term is string => term !== null);
    if (queryTerms.length === 0) return [];
    const queryNumbers = new Set(queryTerms.filter((term) => HAS_DIGIT.test(term)));
    const ranked = rank(miniSearch.search(query, { combineWith: 'AND' }), queryTerms, queryNumbers, 1);
    // Too few entries hold every term (a wrong house number, a word too mistyped): entries holding
    // some of the distinctive terms follow, below every entry that holds them all.
    // Words before numbers: "12 colins st" should go on with Collins St, not with every number 12.
    const distinctive = queryTerms.filter((term) => (entriesPerTerm.get(term) ?? 0) <= fallbackMaxEntries);
    const distinctiveWords = distinctive.filter((term) => !HAS_DIGIT.test(term));
    const distinctiveTerms = distinctiveWords.length > 0 ? distinctiveWords : distinctive;
    if (ranked.length < limit && queryTerms.length > 1 && distinctiveTerms.length > 0) {
      const seen = new Set(ranked.map((result) => result.entry));
      const anyTerm = miniSearch
        .search(distinctiveTerms.join(' '), { combineWith: 'OR', prefix: false })
        .filter((result) => !seen.has(entries[result.id as number] as AddressSearchEntry))
        .slice(0, FALLBACK_CANDIDATES);
      // Among those, an entry holding more of the typed terms ("Collins St" for "12 colins st") goes first.
      ranked.push(...rank(anyTerm, queryTerms, queryNumbers, ANY_TERM_PENALTY).map((result) => ({ ...result, score: result.score * (1 + termsHeld(result.entry, queryTerms)) })));
    }
    ranked.sort((a, b) => b.score - a.score || kindOrder(a.entry) - kindOrder(b.entry) || a.entry.address.localeCompare(b.entry.address) || a.entry.rowId - b.entry.rowId);
    return ranked.slice(0, limit).map((result) => toSuggestion(result.entry));
  }

  return { entries, addressCount, localityCount, buildMs, source, search };
}

/** How many of the typed terms an entry holds, whole or as a prefix of one of its terms. */
function termsHeld(entry: AddressSearchEntry, queryTerms: readonly string[]): number {
  const entryTerms = tokenize(`${entry.address} ${entry.suburb} ${entry.state ?? ''} ${entry.postcode ?? ''}`).map(processTerm);
  return queryTerms.filter((term) => entryTerms.some((entryTerm) => entryTerm?.startsWith(term))).length;
}

/** On equal scores a locality comes before a street address (the wider place first). */
function kindOrder(entry: AddressSearchEntry): number {
  return entry.kind === 'locality' ? 0 : 1;
}
