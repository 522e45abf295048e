import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { normaliseAddressText } from '@propguard/engines';
import type { AddressSearchEntry } from '@propguard/db';
import type { AddressSuggestion } from '@propguard/schemas';
import { LruMap } from '../lru-map.ts';

/** What the index stores per entry: its position in the entry list and the two searchable fields. */
interface IndexedEntry {
  id: number;
  /** The street line ("12 COLLINS ST"); a locality's own name, so that "richmond" ranks the locality first. */
  street: string;
  /** Suburb, state and postcode. */
  place: string;
}

/**
 * The address index loaded at start, or why it is not; `whenBuilt` while it is being built after
 * the server said ready (address-search-service.ts: addressIndexInBackground), which fills this
 * same object in when it is done.
 */
export type AddressIndexState = { ready: true; index: AddressIndex; loadMs: number } | { ready: false; reason: string; whenBuilt?: Promise<void> };

export interface AddressIndex {
  entries: readonly AddressSearchEntry[];
  addressCount: number;
  localityCount: number;
  buildMs: number;
  /** The "Powered by" line of the dropdown. */
  source: string;
  search(query: string, limit: number): AddressSuggestion[];
  /** search without the kept answers (the health check times the index itself). */
  searchAfresh(query: string, limit: number): AddressSuggestion[];
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
/** Every typed term found as written (whole or as a prefix) beats a typo-corrected match. */
const ALL_TERMS_HELD_BOOST = 2;
/** Per typed term matched only by a shorter word it starts with (see termsCutShort). */
const CUT_SHORT_PENALTY = 0.4;
/** Results of the fall-back "any term" search rank below every "all terms" result. */
const ANY_TERM_PENALTY = 0.01;
/**
 * Terms found in more than this share of entries ("st", "vic", "rd", "melbourne") do not select
 * entries: they only rank them. Scoring their tens of thousands of entries on every keystroke
 * would take most of the time budget and select nothing the rarer terms do not.
 */
const COMMON_TERM_SHARE = 0.02;
/** The most candidates one query re-ranks (MiniSearch's best first). */
const MAX_CANDIDATES = 1000;
/** The fall-back re-ranks its best few hundred candidates only. */
const FALLBACK_CANDIDATES = 300;

interface RankedResult {
  id: number;
  score: number;
}

/** Whole answers kept (a few hundred bytes each). */
const ANSWERS_KEPT = 20_000;
/** The most entry scores the per-term cache keeps (a few tens of bytes each in a Map): some tens of MB at most. */
const TERM_CACHE_ENTRIES = 1_000_000;

/**
 * Builds the in-memory suggestion index (MiniSearch, an inverted index with a radix tree for
 * prefix and fuzzy look-ups) over every street address of our sales and every gazetteer locality.
 */
export function buildAddressIndex(entries: readonly AddressSearchEntry[], options: { termCacheEntries?: number; answersKept?: number } = {}): AddressIndex {
  const builder = indexBuilder(entries, options);
  for (;;) {
    const step = builder.next();
    if (step.done) return step.value;
  }
}

/** buildAddressIndex in steps of BUILD_STEP_ENTRIES entries, the event loop free between them: the same index, built while the server answers. */
export async function buildAddressIndexInSteps(entries: readonly AddressSearchEntry[], options: { termCacheEntries?: number; answersKept?: number } = {}): Promise<AddressIndex> {
  const builder = indexBuilder(entries, options);
  for (;;) {
    const step = builder.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Entries a step of the stepped build takes on: about 6 ms of work on the quiet 2-core machine, 30 ms
 * when the CPU is shared. A request waits for a step at each turn of the event loop it needs: with
 * 4,000 entries a step (about 250 ms shared), the first page's script took 4.5 s to arrive just after
 * a restart.
 */
const BUILD_STEP_ENTRIES = 500;

function* indexBuilder(entries: readonly AddressSearchEntry[], options: { termCacheEntries?: number; answersKept?: number }): Generator<void, AddressIndex> {
  const termCacheEntries = options.termCacheEntries ?? TERM_CACHE_ENTRIES;
  const answersKept = options.answersKept ?? ANSWERS_KEPT;
  const start = performance.now();
  const miniSearch = new MiniSearch<IndexedEntry>({
    fields: ['street', 'place'],
    tokenize,
    processTerm,
    searchOptions: { boost: { street: 2 }, fuzzy: fuzzyFor, maxFuzzy: 2 },
  });
  const addressCount = entries.filter((entry) => entry.kind === 'address').length;
  for (let from = 0; from < entries.length; from += BUILD_STEP_ENTRIES) {
    miniSearch.addAll(
      entries.slice(from, from + BUILD_STEP_ENTRIES).map((entry, offset) => ({
        id: from + offset,
        street: entry.address,
        place: [entry.suburb, entry.state, entry.postcode].filter(Boolean).join(' '),
      })),
    );
    yield;
  }
  // Each entry's terms (for ranking) and the number of entries per term (common or not).
  const entryTerms: string[][] = [];
  for (let from = 0; from < entries.length; from += BUILD_STEP_ENTRIES) {
    for (const entry of entries.slice(from, from + BUILD_STEP_ENTRIES)) {
      entryTerms.push([...new Set(tokenize(`${entry.address} ${entry.suburb} ${entry.state ?? ''} ${entry.postcode ?? ''}`).map(processTerm))].filter((term): term is string => term !== null));
    }
    yield;
  }
  const entriesPerTerm = new Map<string, number>();
  for (const terms of entryTerms) for (const term of terms) entriesPerTerm.set(term, (entriesPerTerm.get(term) ?? 0) + 1);
  const commonAbove = Math.max(1, Math.floor(entries.length * COMMON_TERM_SHARE));
  const isCommon = (term: string) => (entriesPerTerm.get(term) ?? 0) > commonAbove;
  const streetNumbers = entries.map((entry) => (entry.kind === 'address' ? streetNumberOf(entry.address) : null));
  const buildMs = Math.round(performance.now() - start);
  const localityCount = entries.length - addressCount;
  const source = `PropGuard address index: ${addressCount.toLocaleString('en-AU')} street addresses from our sales and ${localityCount.toLocaleString('en-AU')} localities from the Australian postcodes gazetteer`;

  /** How many of the typed terms an entry holds, whole or as a prefix of one of its terms. */
  function termsHeld(id: number, queryTerms: readonly string[]): number {
    const terms = entryTerms[id] ?? [];
    return queryTerms.filter((term) => terms.some((entryTerm) => entryTerm.startsWith(term))).length;
  }

  /**
   * Typed terms whose closest word is the typed text cut short ("colin" for "colins"): someone who
   * typed more letters than a word has rarely meant it, so "Collins" goes before "Colin".
   */
  function termsCutShort(id: number, queryTerms: readonly string[]): number {
    const terms = entryTerms[id] ?? [];
    return queryTerms.filter((term) => term.length >= 4 && terms.some((entryTerm) => entryTerm.length < term.length && term.startsWith(entryTerm) && entryTerm.length >= term.length - 2)).length;
  }

  /**
   * One term's matches (entry id -> score) as MiniSearch scores a query of that term alone, whole,
   * as a prefix or with typos. A query's AND is the sum of its terms' scores times the number of
   * terms, as MiniSearch combines them; scoring a term's entries is most of a query's time and the
   * same terms come back keystroke after keystroke (a suburb, a postcode, a street being typed), so
   * each term's scores are kept, least recently used dropped first.
   */
  const termCache = new LruMap<string, Map<number, number>>(termCacheEntries, (scores) => scores.size);
  function termScores(term: string, isPrefix: boolean): Map<number, number> {
    const key = `${isPrefix ? '*' : '='}${term}`;
    const cached = termCache.get(key);
    if (cached) return cached;
    const scores = new Map<number, number>();
    for (const result of miniSearch.search(term, { prefix: isPrefix })) scores.set(result.id as number, result.score);
    termCache.set(key, scores);
    return scores;
  }

  /** MiniSearch's AND (every term) or OR (any term): summed scores times the number of distinct terms matched, best first. */
  function combine(terms: readonly string[], isPrefix: (term: string) => boolean, mode: 'AND' | 'OR'): RankedResult[] {
    const perTerm = terms.map((term) => ({ term, scores: termScores(term, isPrefix(term)) }));
    const results: RankedResult[] = [];
    if (mode === 'AND') {
      const distinct = new Set(terms).size;
      const [smallest, ...others] = [...perTerm].sort((a, b) => a.scores.size - b.scores.size);
      if (!smallest) return results;
      candidates: for (const [id, first] of smallest.scores) {
        let score = first;
        for (const { scores } of others) {
          const more = scores.get(id);
          if (more === undefined) continue candidates;
          score += more;
        }
        results.push({ id, score: score * distinct });
      }
    } else {
      const found = new Map<number, { score: number; terms: Set<string> }>();
      for (const { term, scores } of perTerm) {
        for (const [id, score] of scores) {
          const entry = found.get(id);
          if (entry) {
            entry.score += score;
            entry.terms.add(term);
          } else found.set(id, { score, terms: new Set([term]) });
        }
      }
      for (const [id, entry] of found) results.push({ id, score: entry.score * entry.terms.size });
    }
    return results.sort((a, b) => b.score - a.score);
  }

  function rank(results: RankedResult[], queryTerms: string[], queryNumbers: Set<string>, factor: number): RankedResult[] {
    return results.map((result) => {
      const id = result.id;
      const held = termsHeld(id, queryTerms);
      let score = result.score * factor * (1 + held);
      if (held === queryTerms.length) score *= ALL_TERMS_HELD_BOOST;
      else score *= CUT_SHORT_PENALTY ** termsCutShort(id, queryTerms);
      const number = streetNumbers[id];
      if (number && queryNumbers.has(number)) score *= HOUSE_NUMBER_BOOST;
      return { id, score };
    });
  }

  /**
   * Whole answers by what was typed (normalised terms and limit), least recently used dropped past
   * ANSWERS_KEPT: the index never changes once built, and people typing an address pass through the
   * same prefixes ("12 coll", "richmond"). Each caller gets its own array.
   */
  const answers = new LruMap<string, AddressSuggestion[]>(answersKept);
  const termsOf = (query: string) => tokenize(query).map(processTerm).filter((term): term is string => term !== null);
  function search(query: string, limit: number): AddressSuggestion[] {
    const queryTerms = termsOf(query);
    const key = `${limit}|${queryTerms.join(' ')}`;
    const kept = answers.get(key);
    if (kept) return kept.map((suggestion) => ({ ...suggestion }));
    const answer = answerFor(queryTerms, limit);
    answers.set(key, answer.map((suggestion) => ({ ...suggestion })));
    return answer;
  }

  function searchAfresh(query: string, limit: number): AddressSuggestion[] {
    return answerFor(termsOf(query), limit);
  }

  function answerFor(queryTerms: string[], limit: number): AddressSuggestion[] {
    if (queryTerms.length === 0) return [];
    const lastTerm = queryTerms[queryTerms.length - 1];
    const queryNumbers = new Set(queryTerms.filter((term) => HAS_DIGIT.test(term)));
    // Only the last term is a prefix: it is the one still being typed.
    const prefix = (term: string) => term === lastTerm;
    // A common last term is a word already typed ("st"); a last term of one or two letters after
    // others would expand to thousands of words. Both then rank the candidates instead of selecting them.
    const selecting = queryTerms.filter((term) => !isCommon(term) && !(term === lastTerm && term.length < 3 && queryTerms.length > 1));
    const selectingTerms = selecting.length > 0 ? selecting : queryTerms;
    const ranked = rank(combine(selectingTerms, prefix, 'AND').slice(0, MAX_CANDIDATES), queryTerms, queryNumbers, 1);
    // Too few entries hold every selecting term (a wrong house number, a word too mistyped):
    // entries holding some of them follow, below every entry that holds them all. Words before
    // numbers: "12 colins st" should go on with Collins St, not with every number 12.
    const distinctive = queryTerms.filter((term) => !isCommon(term));
    const distinctiveWords = distinctive.filter((term) => !HAS_DIGIT.test(term));
    const fallbackTerms = distinctiveWords.length > 0 ? distinctiveWords : distinctive;
    if (ranked.length < limit && queryTerms.length > 1 && fallbackTerms.length > 0) {
      const seen = new Set(ranked.map((result) => result.id));
      const anyTerm = combine(fallbackTerms, () => false, 'OR')
        .filter((result) => !seen.has(result.id))
        .slice(0, FALLBACK_CANDIDATES);
      ranked.push(...rank(anyTerm, queryTerms, queryNumbers, ANY_TERM_PENALTY));
    }
    const entryOf = (result: RankedResult) => entries[result.id] as AddressSearchEntry;
    ranked.sort((a, b) => b.score - a.score || kindOrder(entryOf(a)) - kindOrder(entryOf(b)) || entryOf(a).address.localeCompare(entryOf(b).address) || a.id - b.id);
    return ranked.slice(0, limit).map((result) => toSuggestion(entryOf(result)));
  }

  return { entries, addressCount, localityCount, buildMs, source, search, searchAfresh };
}

/** On equal scores a locality comes before a street address (the wider place first). */
function kindOrder(entry: AddressSearchEntry): number {
  return entry.kind === 'locality' ? 0 : 1;
}
