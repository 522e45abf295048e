import { z } from 'zod';
import { riskLevelSchema } from './hazards.ts';
import { listingIdSchema } from './listing-id.ts';
import { listingComplianceBlockSchema } from './compliance.ts';
import { marketSentimentTrendSchema } from './market-labels.ts';

/**
 * The realty API of SPEC.md section 7 on our own data (issue 5). Our data are past sales:
 * "sold" searches them. "for-sale" and "for-rent" are current listings, which only a configured
 * listings feed could supply; none is connected, so they answer with no listings and say that the
 * data hold past sales only (issue 34: a passed-in auction of 2017 is not on the market today).
 */
export const LISTING_TYPES = ['for-sale', 'for-rent', 'sold'] as const;
export const listingTypeSchema = z.enum(LISTING_TYPES);
export type ListingType = z.infer<typeof listingTypeSchema>;

/**
 * What a listing is: a current listing of a feed ('for-sale', 'for-rent') or a past event of our
 * records: a sale, or an auction passed in or withdrawn (a past event, labelled with its date).
 */
export const LISTING_KINDS = [...LISTING_TYPES, 'passed-in', 'withdrawn'] as const;
export const listingKindSchema = z.enum(LISTING_KINDS);
export type ListingKind = z.infer<typeof listingKindSchema>;

export const LISTING_CATEGORIES = ['house', 'unit', 'townhouse', 'villa', 'land'] as const;
export const listingCategorySchema = z.enum(LISTING_CATEGORIES);

export const SEARCH_SORTS = ['date-desc', 'price-asc', 'price-desc', 'gap-desc', 'gap-asc'] as const;
export const searchSortSchema = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** SPEC.md section 9: search default limit. */
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
/** The valuation-gap sort values this many of the newest matches (valuing every match would take seconds). */
export const GAP_SORT_WINDOW = 200;

const wholeDollars = z.number().int('must be whole dollars').min(0, 'must not be negative').max(1_000_000_000);

/** POST /api/realty/search: the search filter of SPEC.md section 3, plus paging and sorting. */
export const searchRequestSchema = z
  .object({
    location: z
      .string()
      .trim()
      .min(1, 'enter a suburb, postcode, state or address')
      .max(120)
      .regex(/[\p{L}\p{N}]/u, 'enter a suburb, postcode, state or address (a letter or a digit at least); % and _ are read literally')
      .describe('Suburb ("Richmond VIC"), postcode, state, city or free text'),
    property_type: listingTypeSchema.default('sold'),
    property_category: listingCategorySchema.optional(),
    min_price: wholeDollars.optional(),
    max_price: wholeDollars.optional(),
    bedrooms: z.number().int().min(0).max(20).optional().describe('At least this many'),
    bathrooms: z.number().int().min(0).max(20).optional().describe('At least this many'),
    limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT),
    offset: z.number().int().min(0).max(10_000).default(0),
    sort: searchSortSchema.default('date-desc'),
  })
  .refine((filter) => filter.min_price === undefined || filter.max_price === undefined || filter.min_price <= filter.max_price, {
    message: 'must not be above max_price',
    path: ['min_price'],
  })
  .meta({ id: 'SearchRequest' });
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchRequestInput = z.input<typeof searchRequestSchema>;

export const listingValuationSchema = z.object({
  ai_valuation: z.number().int(),
  confidence_score: z.number().min(0).max(1),
  valuation_range: z.object({ min: z.number().int(), max: z.number().int() }),
  as_at: z.string().describe("The valuation date: the latest sale of the listing's market (state) in our data"),
  model_id: z.string(),
  valuation_gap: z.number().nullable().describe('ai_valuation / price - 1 (growth since the sale included); null without a price'),
  assumed: z.array(z.string()).describe("The valuation's assumptions, one line each (as POST /api/valuations gives them)"),
  basis_note: z
    .string()
    .nullable()
    .describe('Set when attributes came from the suburb\'s typical sales or its rooms were left to the model, e.g. "Typical unit in this suburb: attributes not in the data", "Valued without bathrooms and car spaces for this unit: not in the data"'),
});

export const listingRiskSchema = z.object({
  risk_grade: riskLevelSchema,
  overall_score: z.number().min(0).max(1),
  climate_risks: z
    .object({ flood: z.number().nullable(), fire: z.number().nullable(), coastal: z.number().nullable(), geological: z.number().nullable(), cyclone: z.number().nullable(), earthquake: z.number().nullable() })
    .describe('Scores 0-1 of the hazard engine; null where no data set covers the place'),
  method: z.string(),
});

/** Filled by the market engine (issue 6); absent, with the reason in `unavailable`, until then. */
export const listingSentimentSchema = z.object({
  trend: marketSentimentTrendSchema,
  confidence: z.number().min(0).max(1),
  summary: z.string(),
  indicators: z.object({ price_growth: z.number().nullable(), days_on_market: z.number().nullable() }),
});

/** SPEC.md section 3 "Listing", with what our data say about each field. */
export const listingSchema = z
  .object({
    listing_id: z.string().describe('"sale-{id}": one recorded sale'),
    address: z.string().describe('Street address, or the suburb where the data have none (Sydney)'),
    street_address: z.string().nullable().describe("The record's street address; null where the data have none (Sydney)"),
    suburb: z.string(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    location_precision: z.enum(['address', 'locality']),
    property_type: z.string(),
    listing_type: listingKindSchema.describe('Our records are past events: "sold", "passed-in" or "withdrawn"; "for-sale" and "for-rent" come from a listings feed only'),
    status_label: z.string().describe('The event and its date, e.g. "Sold, 12 March 2017", "Passed in at auction, 4 March 2017"'),
    price: z.number().int().nullable().describe('Sale price, or the vendor bid of a passed-in auction'),
    sale_date: z.string(),
    sale_method: z.string(),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.number().int().nullable(),
    car_spaces: z.number().int().nullable(),
    land_size: z.number().nullable(),
    building_size: z.number().nullable(),
    year_built: z.number().int().nullable(),
    features: z.array(z.string()),
    photos: z.array(z.string()).describe('Our data hold no photos: always empty'),
    data_source: z.string(),
    propguard_valuation: listingValuationSchema.optional(),
    propguard_risk: listingRiskSchema.optional(),
    propguard_market_sentiment: listingSentimentSchema.optional(),
    propguard_compliance: listingComplianceBlockSchema.optional(),
    unavailable: z.record(z.string(), z.string()).describe('Listing parts not shown, with the reason (e.g. market sentiment before its engine exists)'),
  })
  .meta({ id: 'Listing' });
export type Listing = z.infer<typeof listingSchema>;

/** How an ambiguous place name was read: the choice, why, and the other places it could mean. */
export const placeChoiceSchema = z
  .object({
    input: z.string(),
    state: z.string(),
    label: z.string().describe('e.g. "Richmond NSW"'),
    reason: z.string().describe('e.g. "Richmond is in 5 states in our data; NSW has the most sales (1,234)"'),
    alternatives: z.array(z.object({ state: z.string(), label: z.string(), sales: z.number().int() })).describe('"Did you mean": search again with one of these labels'),
  })
  .meta({ id: 'PlaceChoice' });
export type PlaceChoice = z.infer<typeof placeChoiceSchema>;

export const searchResponseSchema = z
  .object({
    success: z.literal(true),
    properties: z.array(listingSchema),
    total: z.number().int().describe('Matches, counted up to total_capped_at'),
    total_capped_at: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    next_offset: z.number().int().nullable(),
    sort: searchSortSchema,
    location: z.object({ text: z.string(), matched: z.string().describe('How the location was read, e.g. "suburb RICHMOND (VIC)"') }),
    place_choice: placeChoiceSchema.nullable().describe('Set when the name is in several states: which was used and the alternatives'),
    note: z.string().nullable().describe('Why a listing type has no results in our data, or how a sort was limited'),
    took_ms: z.number(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const saleHistoryEntrySchema = z.object({
  sale_id: z.number().int(),
  listing_id: z.string(),
  sale_date: z.string(),
  price: z.number().int().nullable(),
  sale_method: z.string(),
  property_type: z.string(),
  data_source: z.string(),
});
export type SaleHistoryEntry = z.infer<typeof saleHistoryEntrySchema>;

export { listingIdSchema, MAX_SALE_ID } from './listing-id.ts';

/** A path id that is not a listing id simply names no property: 404, like an unknown one. */
export const propertyParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const propertyHistoryRequestSchema = z.object({ listing_id: listingIdSchema }).meta({ id: 'PropertyHistoryRequest' });

export const propertyHistoryResponseSchema = z
  .object({ success: z.literal(true), listing_id: z.string(), address: z.string(), history: z.array(saleHistoryEntrySchema), note: z.string().nullable() })
  .meta({ id: 'PropertyHistoryResponse' });
export type PropertyHistoryResponse = z.infer<typeof propertyHistoryResponseSchema>;

export const propertyDetailsResponseSchema = z
  .object({
    success: z.literal(true),
    property_details: listingSchema.extend({ history: z.array(saleHistoryEntrySchema) }),
  })
  .meta({ id: 'PropertyDetailsResponse' });
export type PropertyDetails = z.infer<typeof propertyDetailsResponseSchema>['property_details'];

export const cacheStatusSchema = z
  .object({
    success: z.literal(true),
    cache: z.object({
      entries: z.number().int(),
      max_entries: z.number().int(),
      hits: z.number().int(),
      misses: z.number().int(),
      hit_rate: z.number().nullable(),
      cleared_at: z.string().nullable(),
      what: z.string(),
    }),
  })
  .meta({ id: 'CacheStatus' });
export type CacheStatus = z.infer<typeof cacheStatusSchema>['cache'];

export const cacheClearResponseSchema = z.object({ success: z.literal(true), cleared: z.number().int() }).meta({ id: 'CacheClearResponse' });
