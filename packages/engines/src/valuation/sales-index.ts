/**
 * The sales index the valuation features are computed from: per property type a static 2D
 * kd-tree (kdbush) over the sales in sale-date order, a quality-adjusted monthly price index per
 * market (state) and segment, flat after the market's last month, per-suburb and per-address sale
 * lists, and each market's last sale date. Every query takes an as-at cut-off and sees only the
 * sales strictly before it; because each tree stores its sales in date order, "before the
 * cut-off" is "position < the cut-off's position" (a binary search on the dates).
 */
import { normaliseAddressText, streetLineKey } from '../address/parse-address.ts';
import KDBush from 'kdbush';
import { DEFAULT_QUALITY_INDEX_PARAMS, fitQualityIndex } from '../market/quality-index.ts';
import { fractionalYear } from './dates.ts';
import { capitalLevelAt, type MarketMovement } from './market-movement.ts';
import type { IndexedSale } from './types.ts';

/** Kilometres per degree of latitude (WGS84 mean); longitude scales by cos(latitude). */
const KM_PER_DEGREE_LAT = 110.574;
const KM_PER_DEGREE_LNG_EQUATOR = 111.32;
/** Projection reference latitude: the middle of the Australian capitals (about -33.5°). */
const REFERENCE_LAT_RAD = (-33.5 * Math.PI) / 180;
const FIRST_YEAR = 1980;

export const PROPERTY_TYPE_CODES: Record<string, number> = { house: 0, townhouse: 1, villa: 2, unit: 3, land: 4, other: 5 };

/** Projected kilometres (equirectangular about REFERENCE_LAT_RAD): fine within a city. */
export function projectKm(lat: number, lng: number): { x: number; y: number } {
  return { x: lng * KM_PER_DEGREE_LNG_EQUATOR * Math.cos(REFERENCE_LAT_RAD), y: lat * KM_PER_DEGREE_LAT };
}

/** The middle of a month number (monthNumber), as a fractional year. */
function monthMiddle(month: number): number {
  return FIRST_YEAR + (month + 0.5) / 12;
}

/** Months since January FIRST_YEAR of a 'YYYY-MM-DD' date. */
export function monthNumber(date: string): number {
  return (Number(date.slice(0, 4)) - FIRST_YEAR) * 12 + Number(date.slice(5, 7)) - 1;
}

export { fractionalYear };

/** The market segment a regional index is kept for: units apart from everything else. */
export function segmentOf(propertyType: string): string {
  return propertyType === 'unit' ? 'unit' : 'house';
}

interface TypeTree {
  sales: IndexedSale[];
  dates: string[];
  logPrices: Float64Array;
  months: Int32Array;
  /** Projected km, by date-order position (kdbush reorders its own coords). */
  xs: Float64Array;
  ys: Float64Array;
  tree: KDBush;
  /** 1 where the sale sits at its locality's point (placedAtLocality), by date-order position. */
  atLocality: Uint8Array;
  /** streetNameKey of each such sale's address (null: no address, or not at a locality's point), by date-order position. */
  streets: (string | null)[];
  /** Land size in m² by date-order position (NaN: not known). */
  landSizes: Float64Array;
}

/** A suburb cell's sales in date order. */
export interface SuburbSales {
  ids: Int32Array;
  dates: string[];
  logPrices: Float64Array;
  months: Int32Array;
}

/**
 * Leave-one-out (training rows only, docs/methodology/valuation.md "Training features"): every
 * sale but this one is evidence, later ones too, each moved to the as-at date by the index; sales
 * at the same distance go to the nearest in time. A valuation never uses it: it sees only sales
 * before its as-at date.
 */
export interface LeaveOut {
  saleId: number;
}

export interface SalesIndex {
  sales: IndexedSale[];
  /** Per property type. */
  trees: Map<string, TypeTree>;
  /** `${state}|${segment}` -> log-price level by month number (NaN before the first sales). */
  regionalIndex: Map<string, Float64Array>;
  /** `${suburb}|${postcode}|${type}` (upper-case suburb), and `...|${bedrooms}`, -> the sales in date order. */
  suburbSales: Map<string, SuburbSales>;
  /** addressKey -> the priced records of that street address in date order, market sales or not (own-sale.ts). */
  addressSales: Map<string, IndexedSale[]>;
  /** Market (state) -> the date of its latest sale: a market is valued as at its own data. */
  lastSaleDateByMarket: Map<string, string>;
  /** Market (state) -> how many of its sales are indexed (a handful of strays does not make a market). */
  saleCountByMarket: Map<string, number>;
  lastSaleDate: string;
  firstSaleDate: string;
  /** The ABS series that carry each market past its last local sale (null: no carry-forward, each market as at its own data). */
  movement: MarketMovement | null;
}

/** The key of a street address in `addressSales`, however it is written (streetLineKey: case, "St"/"Street", "Unit 1, 21"/"1/21"). */
export function addressKey(address: string, suburb: string): string {
  return `${streetLineKey(address)}|${normaliseAddressText(suburb)}`;
}

export interface BuildSalesIndexOptions {
  /** Sale ids whose prices must not shape the price index (the hold-outs while evaluating). */
  priceIndexExcludes?: ReadonlySet<number>;
  /** The ABS series that carry a market past its last local sale (market-movement.ts). */
  movement?: MarketMovement | null;
}

/** Sales by date, then id: the order of the index's sales (and of the loaders' sales query). */
export function compareSales(a: IndexedSale, b: IndexedSale): number {
  return a.saleDate < b.saleDate ? -1 : a.saleDate > b.saleDate ? 1 : a.id - b.id;
}

/**
 * The street of a street line without its number ("1/21 Smith Street" -> "SMITH ST"): sales of the
 * same street are the closer comparables where several sales share one point (a locality's). Not
 * parseAddress's `street`: given a street line alone, that reads trailing words as a suburb
 * ("12 Main Road North" -> "MAIN RD").
 */
export function streetNameKey(line: string): string | null {
  const words = streetLineKey(line).split(' ');
  while (words.length > 0 && /\d/.test(words[0]!)) words.shift();
  return words.length > 0 ? words.join(' ') : null;
}

/**
 * What ranks sales at the same distance from the subject (sales placed at their locality's point
 * rather than their own): the subject's street and land size.
 */
export interface SimilarTo {
  street: string | null;
  landSizeM2: number | null | undefined;
}

/** Land sizes further apart than this (log ratio) rank alike among sales at one point. */
const TIE_LAND_LOG_CAP = 1;

/** First position whose date is >= `date` (so positions below it sold strictly before `date`). */
export function lowerBound(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (dates[middle]! < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A market's own index is trusted up to its first gap: a run of at least GAP_MIN_MONTHS months, each
 * with fewer sales than GAP_DENSE_SHARE of its 90th-percentile month (and than GAP_DENSE_MIN_SALES),
 * between busier months. NSW has one: Sydney's data set stops in April 2019 and the Valuer General's
 * files (registrations of early 2021) start in earnest in July 2020, and the months between hold a
 * few late-reported contracts a month; the files' own first months hold only the slow settlements.
 */
const GAP_MIN_MONTHS = 6;
const GAP_DENSE_SHARE = 0.1;
const GAP_DENSE_MIN_SALES = 50;

/** The first month (position in `counts`, sales per month) of a market's first gap, or null. */
export function firstGapStart(counts: readonly number[]): number | null {
  const busy = counts.filter((count) => count > 0).sort((a, b) => a - b);
  if (busy.length === 0) return null;
  const dense = Math.max(GAP_DENSE_SHARE * busy[Math.floor(busy.length * 0.9)]!, GAP_DENSE_MIN_SALES);
  let lastDense = -1;
  for (let month = 0; month < counts.length; month += 1) {
    if (counts[month]! < dense) continue;
    if (lastDense >= 0 && month - lastDense - 1 >= GAP_MIN_MONTHS) return lastDense + 1;
    lastDense = month;
  }
  return null;
}

/** Backfitting iterations of the market index: its levels settle within 1e-6 by 10 on our data (25 in the market analysis). */
const MARKET_INDEX_ITERATIONS = 10;

/**
 * The market's price index: for each market (state) and segment, the quality-adjusted monthly index
 * of the market analysis (fitQualityIndex: hedonic time dummies, suburb effects, smoothed), made an
 * absolute log-price level by adding the median quality-adjusted log price of its sales. NaN before
 * the market's first month; flat after its last month: no movement is invented where no sale was
 * recorded, and no market borrows another's.
 */
function buildMarketIndex(sales: readonly IndexedSale[], monthCount: number, excludes: ReadonlySet<number> | undefined, movement: MarketMovement | null): Map<string, Float64Array> {
  const byKey = new Map<string, IndexedSale[]>();
  for (const sale of sales) {
    if (excludes?.has(sale.id)) continue;
    const key = `${sale.state ?? ''}|${segmentOf(sale.propertyType)}`;
    const list = byKey.get(key) ?? [];
    list.push(sale);
    byKey.set(key, list);
  }
  const monthOffset = FIRST_YEAR * 12;
  const index = new Map<string, Float64Array>();
  for (const [key, list] of byKey) {
    const first = monthNumber(list[0]!.saleDate);
    const last = monthNumber(list[list.length - 1]!.saleDate);
    const fitted = fitQualityIndex(list, first + monthOffset, last + monthOffset, (sale) => `${sale.suburb}|${sale.postcode ?? ''}`, { ...DEFAULT_QUALITY_INDEX_PARAMS, iterations: MARKET_INDEX_ITERATIONS });
    // From the market's first gap on, its capital's ABS series moves the index (firstGapStart).
    const gapStart = movement ? firstGapStart(fitted.counts) : null;
    const capital = gapStart !== null && gapStart > 0 ? capitalLevelAt(movement!, list[0]!.state ?? '', segmentOf(list[0]!.propertyType)) : null;
    if (capital) {
      const before = fitted.logLevels[gapStart! - 1]!;
      for (let position = gapStart!; position < fitted.logLevels.length; position += 1) {
        fitted.logLevels[position] = before + capital(monthMiddle(first + position)) - capital(monthMiddle(first + gapStart! - 1));
      }
    }
    // The absolute level is set by the months fitted on the market's own sales (before a bridged
    // gap): a latest sale's refitted index, which never reaches the gap, then agrees with it.
    const anchoredOn = capital ? list.filter((sale) => monthNumber(sale.saleDate) - first < gapStart!) : list;
    const offset = median(anchoredOn.map((sale) => Math.log(sale.priceAud) - fitted.logLevels[monthNumber(sale.saleDate) - first]!));
    const levels = new Float64Array(monthCount).fill(Number.NaN);
    for (let month = Math.max(0, first); month < monthCount; month += 1) {
      levels[month] = offset + fitted.logLevels[Math.min(month, last) - first]!;
    }
    index.set(key, levels);
  }
  return index;
}

/** Months a market index covers: from FIRST_YEAR to 30 years past the last sale (room for valuations). */
function marketIndexMonths(lastSaleDate: string): number {
  return monthNumber(lastSaleDate) + 361;
}

/**
 * A typed array of `map` over `list`, by a loop: `Float64Array.from(list, map)` walks an iterator and
 * was several times slower on the 273,549 sales a start indexes.
 */
function typedFrom<T extends Float64Array | Int32Array | Uint8Array>(kind: new (length: number) => T, list: readonly IndexedSale[], map: (sale: IndexedSale) => number): T {
  const array = new kind(list.length);
  for (let position = 0; position < list.length; position += 1) array[position] = map(list[position]!);
  return array;
}

/**
 * Index market sales for valuation (only sales with a positive price and coordinates are used).
 * Records that are not market sales (`isMarketSale: false`: a bid at an auction that passed in)
 * are kept in `addressSales` only, as their property's own-sale evidence (own-sale.ts).
 *
 * @example const index = buildSalesIndex(await loadIndexedSales(database, { ownSaleRecords: true }));
 */
export function buildSalesIndex(sales: readonly IndexedSale[], options: BuildSalesIndexOptions = {}): SalesIndex {
  const priced = sales.filter((sale) => sale.priceAud > 0 && Number.isFinite(sale.lat) && Number.isFinite(sale.lng)).sort(compareSales);
  const usable = priced.filter((sale) => sale.isMarketSale !== false);
  const byType = new Map<string, IndexedSale[]>();
  const suburbLists = new Map<string, IndexedSale[]>();
  const addressSales = new Map<string, IndexedSale[]>();
  const lastSaleDateByMarket = new Map<string, string>();
  const saleCountByMarket = new Map<string, number>();
  for (const sale of usable) {
    if (sale.state) {
      lastSaleDateByMarket.set(sale.state, sale.saleDate);
      saleCountByMarket.set(sale.state, (saleCountByMarket.get(sale.state) ?? 0) + 1);
    }
    const list = byType.get(sale.propertyType) ?? [];
    list.push(sale);
    byType.set(sale.propertyType, list);
    const suburbKey = `${sale.suburb.toUpperCase()}|${sale.postcode ?? ''}|${sale.propertyType}`;
    const suburbList = suburbLists.get(suburbKey) ?? [];
    suburbList.push(sale);
    suburbLists.set(suburbKey, suburbList);
    if (sale.bedrooms != null) {
      // The same suburb, type and bedroom count: a hedonic cell of the suburb target encoding.
      const bedroomKey = `${suburbKey}|${sale.bedrooms}`;
      const bedroomList = suburbLists.get(bedroomKey) ?? [];
      bedroomList.push(sale);
      suburbLists.set(bedroomKey, bedroomList);
    }
  }
  // Every priced record of a street address in date order, market sales or not.
  for (const sale of priced) {
    if (!sale.address) continue;
    const key = addressKey(sale.address, sale.suburb);
    const list = addressSales.get(key) ?? [];
    list.push(sale);
    addressSales.set(key, list);
  }
  const trees = new Map<string, TypeTree>();
  for (const [type, list] of byType) {
    const tree = new KDBush(list.length);
    const xs = new Float64Array(list.length);
    const ys = new Float64Array(list.length);
    list.forEach((sale, position) => {
      const { x, y } = projectKm(sale.lat, sale.lng);
      xs[position] = x;
      ys[position] = y;
      tree.add(x, y);
    });
    tree.finish();
    trees.set(type, {
      sales: list,
      dates: list.map((sale) => sale.saleDate),
      logPrices: typedFrom(Float64Array, list, (sale) => Math.log(sale.priceAud)),
      months: typedFrom(Int32Array, list, (sale) => monthNumber(sale.saleDate)),
      xs,
      ys,
      tree,
      atLocality: typedFrom(Uint8Array, list, (sale) => (sale.placedAtLocality ? 1 : 0)),
      streets: list.map((sale) => (sale.placedAtLocality && sale.address ? streetNameKey(sale.address) : null)),
      landSizes: typedFrom(Float64Array, list, (sale) => (sale.landSizeM2 != null && sale.landSizeM2 > 0 ? sale.landSizeM2 : Number.NaN)),
    });
  }
  const suburbSales = new Map<string, SuburbSales>();
  for (const [key, list] of suburbLists) {
    suburbSales.set(key, {
      ids: typedFrom(Int32Array, list, (sale) => sale.id),
      dates: list.map((sale) => sale.saleDate),
      logPrices: typedFrom(Float64Array, list, (sale) => Math.log(sale.priceAud)),
      months: typedFrom(Int32Array, list, (sale) => monthNumber(sale.saleDate)),
    });
  }
  const lastSaleDate = usable.length > 0 ? usable[usable.length - 1]!.saleDate : '1980-01-01';
  const firstSaleDate = usable.length > 0 ? usable[0]!.saleDate : '1980-01-01';
  const monthCount = marketIndexMonths(lastSaleDate);
  return {
    sales: usable,
    trees,
    regionalIndex: buildMarketIndex(usable, monthCount, options.priceIndexExcludes, options.movement ?? null),
    suburbSales,
    addressSales,
    lastSaleDateByMarket,
    saleCountByMarket,
    lastSaleDate,
    firstSaleDate,
    movement: options.movement ?? null,
  };
}

/**
 * The same index with one market's price index refitted without the `excludes` sales' prices (the
 * hold-out evaluation: a latest sale is valued with the index of every sale before its month, as
 * production values with the index of every sale it has).
 */
export function withMarketIndexRefitted(index: SalesIndex, state: string, excludes: ReadonlySet<number>): SalesIndex {
  const refitted = buildMarketIndex(index.sales.filter((sale) => sale.state === state), marketIndexMonths(index.lastSaleDate), excludes, index.movement);
  return { ...index, regionalIndex: new Map([...index.regionalIndex, ...refitted]) };
}

/**
 * The regional index level that applies on `asAt`: the level of the month before asAt's month
 * (so only sales before asAt count), NaN if the region has no earlier sales.
 */
export function indexLevelAt(index: SalesIndex, state: string | null | undefined, segment: string, asAtMonth: number): number {
  const levels = index.regionalIndex.get(`${state ?? ''}|${segment}`);
  if (!levels) return Number.NaN;
  const month = Math.min(asAtMonth - 1, levels.length - 1);
  return month >= 0 ? levels[month]! : Number.NaN;
}

/**
 * Log-price change of the region from a sale's month to the as-at level, 0 where unknown. Both
 * levels come from months before asAt's month.
 */
export function timeAdjustment(index: SalesIndex, state: string | null | undefined, segment: string, saleMonth: number, asAtMonth: number, leaveOut?: LeaveOut): number {
  const levels = index.regionalIndex.get(`${state ?? ''}|${segment}`);
  if (!levels) return 0;
  // Leave-one-out: a later sale is moved back to the as-at month's own level.
  const to = leaveOut ? Math.min(asAtMonth, levels.length - 1) : Math.min(asAtMonth - 1, levels.length - 1);
  const from = leaveOut ? Math.min(saleMonth, levels.length - 1) : Math.min(saleMonth, to);
  if (from < 0 || to < 0) return 0;
  const change = levels[to]! - levels[from]!;
  return Number.isFinite(change) ? change : 0;
}

export interface Neighbour {
  sale: IndexedSale;
  distanceKm: number;
  /** log(price) moved to the as-at date by the regional index */
  adjustedLogPrice: number;
  /** True when the sale sits at its locality's point on the subject's street (SimilarTo.street). */
  sameStreet?: boolean;
}

/** Search radii (km), widened in turn until K earlier sales are found. */
const SEARCH_RADII_KM = [0.4, 1, 2.5, 6, 15, 40];

/**
 * The K nearest sales of `propertyType` strictly before `asAt`. Ties in distance (Sydney sales sit
 * on their locality's point) go to the most recent sale.
 */
export function findNearestEarlierSales(
  index: SalesIndex,
  propertyType: string,
  lat: number,
  lng: number,
  asAt: string,
  k: number,
  state: string | null | undefined,
  leaveOut?: LeaveOut,
  similar?: SimilarTo,
): Neighbour[] {
  const typeTree = index.trees.get(propertyType);
  if (!typeTree) return [];
  const cutoff = leaveOut ? typeTree.dates.length : lowerBound(typeTree.dates, asAt);
  if (cutoff === 0) return [];
  // Among sales at the same distance the smaller gap wins: the most recent (as at: positions are in
  // date order, so the gap is cutoff - position), or the nearest in time (leave-one-out).
  const asAtPosition = leaveOut ? lowerBound(typeTree.dates, asAt) : cutoff;
  const { x, y } = projectKm(lat, lng);
  const asAtMonth = monthNumber(asAt);
  // Among sales at the same distance that sit at their locality's point, those of the subject's
  // street and of the nearest land size come first (tie: 0 best), then the smaller gap.
  const subjectLand = similar?.landSizeM2 != null && similar.landSizeM2 > 0 ? similar.landSizeM2 : Number.NaN;
  const subjectStreet = similar?.street ?? null;
  const ranksTies = subjectStreet !== null || Number.isFinite(subjectLand);
  const onSubjectStreet = (position: number) => subjectStreet !== null && typeTree.streets[position] === subjectStreet;
  const tieOf = (position: number): number => {
    // Sales at their own geocode that share a point (one building's units) keep the recency order.
    if (!ranksTies || typeTree.atLocality[position] === 0) return 0;
    const land = typeTree.landSizes[position]!;
    const landTie = Number.isFinite(subjectLand) && Number.isFinite(land) ? Math.min(Math.abs(Math.log(subjectLand / land)), TIE_LAND_LOG_CAP) : TIE_LAND_LOG_CAP / 2;
    return (onSubjectStreet(position) ? 0 : 1) + landTie;
  };
  // Max-heap (by distance, then larger tie, then larger gap first) of the best K positions so far.
  const heapPos: number[] = [];
  const heapDist: number[] = [];
  const heapTie: number[] = [];
  const heapGap: number[] = [];
  const after = (distance: number, tie: number, gap: number, j: number) =>
    distance > heapDist[j]! || (distance === heapDist[j] && (tie > heapTie[j]! || (tie === heapTie[j] && gap > heapGap[j]!)));
  const worse = (i: number, j: number) => after(heapDist[i]!, heapTie[i]!, heapGap[i]!, j);
  const swapIn = (heap: number[], i: number, j: number) => {
    const held = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = held;
  };
  const swap = (i: number, j: number) => {
    swapIn(heapPos, i, j);
    swapIn(heapDist, i, j);
    swapIn(heapTie, i, j);
    swapIn(heapGap, i, j);
  };
  const { xs, ys } = typeTree;
  for (const radius of SEARCH_RADII_KM) {
    heapPos.length = 0;
    heapDist.length = 0;
    heapTie.length = 0;
    heapGap.length = 0;
    const ids = typeTree.tree.within(x, y, radius);
    for (const id of ids) {
      if (id >= cutoff || (leaveOut && typeTree.sales[id]!.id === leaveOut.saleId)) continue;
      const dx = xs[id]! - x;
      const dy = ys[id]! - y;
      const distance = Math.sqrt(dx * dx + dy * dy);
      const gap = leaveOut ? Math.abs(id - asAtPosition) : cutoff - id;
      if (heapPos.length < k) {
        heapPos.push(id);
        heapDist.push(distance);
        heapTie.push(tieOf(id));
        heapGap.push(gap);
        let child = heapPos.length - 1;
        while (child > 0) {
          const parent = (child - 1) >> 1;
          if (!worse(child, parent)) break;
          swap(child, parent);
          child = parent;
        }
      } else if (distance <= heapDist[0]!) {
        const tie = tieOf(id);
        if (distance === heapDist[0] && (tie > heapTie[0]! || (tie === heapTie[0] && gap >= heapGap[0]!))) continue;
        heapPos[0] = id;
        heapDist[0] = distance;
        heapTie[0] = tie;
        heapGap[0] = gap;
        let parent = 0;
        for (;;) {
          const left = 2 * parent + 1;
          const right = left + 1;
          let largest = parent;
          if (left < heapPos.length && worse(left, largest)) largest = left;
          if (right < heapPos.length && worse(right, largest)) largest = right;
          if (largest === parent) break;
          swap(parent, largest);
          parent = largest;
        }
      }
    }
    if (heapPos.length >= k || radius === SEARCH_RADII_KM[SEARCH_RADII_KM.length - 1]) break;
  }
  const segment = segmentOf(propertyType);
  const ranked = heapPos.map((position, slot) => {
    const sale = typeTree.sales[position]!;
    return {
      tie: heapTie[slot]!,
      neighbour: {
        sale,
        distanceKm: heapDist[slot]!,
        adjustedLogPrice: typeTree.logPrices[position]! + timeAdjustment(index, state ?? sale.state, segment, typeTree.months[position]!, asAtMonth, leaveOut),
        ...(onSubjectStreet(position) ? { sameStreet: true } : {}),
      },
    };
  });
  const gap = (neighbour: Neighbour) => Math.abs(fractionalYear(neighbour.sale.saleDate) - fractionalYear(asAt));
  return ranked
    .sort((a, b) => a.neighbour.distanceKm - b.neighbour.distanceKm || a.tie - b.tie || (leaveOut ? gap(a.neighbour) - gap(b.neighbour) : a.neighbour.sale.saleDate < b.neighbour.sale.saleDate ? 1 : -1))
    .map((item) => item.neighbour);
}

/**
 * Median time-adjusted log price of the last `limit` sales of a suburb and type before asAt (with
 * `bedrooms`, of that bedroom count), and how many sales the suburb had before asAt. Leave-one-out:
 * the `limit` sales nearest asAt in time, either side, and every sale but this one counted.
 */
export function suburbLevel(
  index: SalesIndex,
  suburb: string | null | undefined,
  postcode: string | null | undefined,
  propertyType: string,
  state: string | null | undefined,
  asAt: string,
  limit: number,
  bedrooms?: number | null,
  leaveOut?: LeaveOut,
): { level: number; count: number } {
  if (!suburb) return { level: Number.NaN, count: 0 };
  if (bedrooms === null) return { level: Number.NaN, count: 0 };
  const list = index.suburbSales.get(`${suburb.toUpperCase()}|${postcode ?? ''}|${propertyType}${bedrooms === undefined ? '' : `|${bedrooms}`}`);
  if (!list) return { level: Number.NaN, count: 0 };
  const cutoff = lowerBound(list.dates, asAt);
  const asAtMonth = monthNumber(asAt);
  const segment = segmentOf(propertyType);
  const values: number[] = [];
  const take = (position: number) => values.push(list.logPrices[position]! + timeAdjustment(index, state, segment, list.months[position]!, asAtMonth, leaveOut));
  if (!leaveOut) {
    if (cutoff === 0) return { level: Number.NaN, count: 0 };
    for (let position = Math.max(0, cutoff - limit); position < cutoff; position += 1) take(position);
    return { level: median(values), count: cutoff };
  }
  // Walk out from the as-at position, the nearer in time first, skipping the sale left out.
  let before = cutoff - 1;
  let after = cutoff;
  let count = 0;
  const asAtYear = fractionalYear(asAt);
  while (values.length < limit && (before >= 0 || after < list.dates.length)) {
    const useBefore = after >= list.dates.length || (before >= 0 && asAtYear - fractionalYear(list.dates[before]!) <= fractionalYear(list.dates[after]!) - asAtYear);
    const position = useBefore ? before-- : after++;
    if (list.ids[position] === leaveOut.saleId) continue;
    take(position);
  }
  let self = 0;
  for (let position = cutoff; position < list.dates.length && list.dates[position] === asAt; position += 1) if (list.ids[position] === leaveOut.saleId) self = 1;
  count = list.ids.length - self;
  return values.length === 0 ? { level: Number.NaN, count: 0 } : { level: median(values), count };
}

export { median };
