import { z } from 'zod';
import { PROPERTY_TYPE_EXAMPLES, propertyTypeSchema } from './property-types.ts';
import { auStateSchema } from './sales.ts';
import { addressSuggestionIdSchema } from './address-search.ts';
import { listingIdSchema } from './listing-id.ts';

const isoDate = z.iso.date().describe('Date as YYYY-MM-DD');

/** The attributes a valuation can use; any may be missing (the response says what was assumed). */
export const propertyAttributesSchema = z.object({
  propertyType: propertyTypeSchema.optional(),
  bedrooms: z.number().int().min(0).max(20).optional(),
  bathrooms: z.number().int().min(0).max(20).optional(),
  carSpaces: z.number().int().min(0).max(20).optional(),
  landSizeM2: z.number().positive().max(100_000).optional(),
  buildingSizeM2: z.number().min(10).max(5_000).optional(),
  yearBuilt: z.number().int().min(1800).max(2100).optional(),
});
export type PropertyAttributes = z.infer<typeof propertyAttributesSchema>;

/**
 * The attributes a caller gives: the same, with the property type as any name of the vocabulary
 * (property-types.ts) and the sizes, counts and year as sources write them. A type name we do not
 * know is valued as the locality's most sold type, a value unknown in practice as not given, and
 * the response's `assumed` says so.
 */
export const propertyAttributesInputSchema = propertyAttributesSchema.extend({
  propertyType: z.string().trim().min(1).max(60).optional().describe(`Our types (house, unit, townhouse, villa, land, other) or a common name: ${PROPERTY_TYPE_EXAMPLES}`),
  // Values a source writes for "unknown" (land 0 for a unit, building 0, year built 0) or that are
  // implausible (a year built after the valuation date, 10 ha of land, 45 bedrooms) are accepted
  // and treated as not given, which `assumed` says (sanitiseGivenAttributes of packages/engines);
  // a negative or fractional count is refused.
  bedrooms: z.number().int().min(0).optional().describe('More than 20 is treated as not given'),
  bathrooms: z.number().int().min(0).optional().describe('More than 20 is treated as not given'),
  carSpaces: z.number().int().min(0).optional().describe('More than 20 is treated as not given'),
  landSizeM2: z.number().min(0).optional().describe('m²; 0 (how listings write a unit\'s lot) or more than 100,000 is treated as not given'),
  buildingSizeM2: z.number().min(0).optional().describe('m²; 0, below 10 or above 5,000 is treated as not given'),
  yearBuilt: z.number().int().min(0).max(9999).optional().describe('0, before 1800 or after the valuation date\'s year + 1 is treated as not given'),
});
export type PropertyAttributesInput = z.infer<typeof propertyAttributesInputSchema>;

/**
 * What names a property, whatever the door: a listing id of search, a suggestion id of the address
 * box, an address (free text or parts), or coordinates; plus optional attributes and an as-at date.
 * One resolution function (resolveSubject of packages/db) reads every form.
 */
const subjectFields = {
  listingId: listingIdSchema.optional().describe('A listing id of search ("sale-123"): that sale\'s property, its state and attributes'),
  suggestionId: addressSuggestionIdSchema.optional().describe('The id of the suggestion picked in the address box ("address-123" or "locality-45")'),
  address: z.string().trim().min(3).max(200).optional().describe('Street address, e.g. "85 Turner St, Abbotsford VIC 3067"'),
  suburb: z.string().trim().min(2).max(80).optional(),
  state: auStateSchema.optional(),
  postcode: z.string().regex(/^\d{4}$/, 'must be a 4-digit postcode').optional(),
  lat: z.number().min(-44).max(-9).optional(),
  lng: z.number().min(112).max(154).optional(),
  asAt: isoDate.optional().describe('Value as at this date, using only sales before it (default: the latest sale in the data)'),
  attributes: propertyAttributesInputSchema.optional(),
};

type SubjectFields = { listingId?: string; suggestionId?: string; address?: string; suburb?: string; postcode?: string; lat?: number; lng?: number };

/** A subject needs one of: a listing id, a suggestion id, an address, lat and lng, or suburb and postcode. */
const namesASubject = (body: SubjectFields) =>
  Boolean(body.listingId || body.suggestionId || body.address || (body.lat !== undefined && body.lng !== undefined) || (body.suburb && body.postcode));

/** POST /api/valuations: a listing id, a suggestion id, an address (free text or parts) or coordinates, plus optional attributes. */
export const valuationRequestSchema = z
  .object(subjectFields)
  .refine(namesASubject, { message: 'give a listingId, a suggestionId, an address, lat and lng, or suburb and postcode', path: ['address'] })
  .refine((body) => (body.lat === undefined) === (body.lng === undefined), { message: 'lat and lng go together', path: ['lat'] })
  .meta({ id: 'ValuationRequest' });
export type ValuationRequest = z.infer<typeof valuationRequestSchema>;

export const confidenceLevelSchema = z.enum(['High', 'Medium', 'Low']);

/** The confidence level is read off the FSD (a fraction): High at or below `high`, Medium at or below `medium`, Low above. */
export const FSD_CONFIDENCE_LEVELS = { high: 0.1, medium: 0.2 } as const;

export const valuationFactorSchema = z.object({
  feature: z.string(),
  label: z.string().describe('e.g. "Land size 650 m²"'),
  contributionAud: z.number().int().describe('Signed dollars this factor adds to the estimate'),
});

export const comparableSaleSchema = z.object({
  saleId: z.number().int(),
  address: z.string().nullable(),
  suburb: z.string(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  saleDate: z.string(),
  distanceKm: z.number(),
  propertyType: z.string(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  landSizeM2: z.number().nullable(),
  priceAud: z.number().int(),
  timeAdjustedPriceAud: z.number().int(),
  isSameKind: z.boolean().describe('True when the sale is of the subject\'s kind (house kind: house, townhouse, villa, land; unit kind: unit). A sale of the other kind is used only when too few of the subject\'s kind are nearby'),
  kindAdjustedPriceAud: z.number().int().describe('The time-adjusted price priced as the subject\'s type (times the local price ratio of the two types) when the sale is of the other kind; the time-adjusted price otherwise. The premium is measured against it'),
  kindAdjustment: z.string().nullable().describe('Why a sale of the other kind is listed and how it was priced; null for a sale of the subject\'s kind'),
  similarity: z.number().min(0).max(1),
  ownSale: z.boolean().describe("True for the property's own earlier sale (time-adjusted), listed first whenever the address sold before"),
});
export type ComparableSale = z.infer<typeof comparableSaleSchema>;

export const valuationBreakdownSchema = z.object({
  landAud: z.number().int(),
  buildingAud: z.number().int(),
  intangibleAud: z.number().int(),
  method: z.string().describe('How the split was computed'),
});

export const timelinePointSchema = z.object({
  date: z.string(),
  valuationAud: z.number().int(),
  lowAud: z.number().int(),
  highAud: z.number().int(),
  confidence: z.number().int().min(0).max(100),
  carriedForward: z.boolean().describe("True when this date is later than the market's last local sale: the value is carried forward by the ABS series"),
});

/** How a value was carried from the market's last local sale to the as-at date (issue 31). */
export const carryForwardSchema = z.object({
  fromDate: z.string().describe("The market's last local sale in our data: the model values the property as at this date"),
  toDate: z.string().describe('The as-at date the value is carried to'),
  factor: z.number().positive().describe('The smoothed ABS series at toDate over its level at fromDate'),
  months: z.number().describe('The carry horizon, months'),
  series: z.string().describe('e.g. "ABS 6432.0 median established house transfer price, Melbourne"'),
  smoothing: z.string(),
  addedFsdPct: z.number().describe('The log standard deviation (in %) the carry adds to the range, from the backtest at this horizon'),
  summary: z.string().describe('The carry-forward in words'),
});
export type CarryForwardInfo = z.infer<typeof carryForwardSchema>;

/** The request that resolves to one subject again (ValuationResult.subject): the valuation request's fields without its checks. */
export const subjectRequestSchema = z.object(subjectFields).meta({ id: 'SubjectRequest' });
export type SubjectRequest = z.infer<typeof subjectRequestSchema>;

/** One valuation, as POST /api/valuations and the property analysis return it. */
export const valuationResultSchema = z
  .object({
    estimate: z.number().int().describe('AUD, whole dollars'),
    low: z.number().int().describe('Lower end of the calibrated 80% range'),
    high: z.number().int().describe('Upper end of the calibrated 80% range'),
    fsdPct: z.number().nonnegative().describe('Forecast standard deviation, %: estimate ± 1 FSD holds about 68% of sales (calibrated by horizon and evidence level); the confidence level is read off it'),
    evidenceLevel: z.enum(['own sale', 'near', 'far']).describe("The evidence the FSD is calibrated for: the property's own recent sale, 12 nearby sales within 1.5 km (median), or further"),
    confidence: z.number().int().min(0).max(100),
    confidenceLevel: confidenceLevelSchema,
    asAt: z.string(),
    carryForward: carryForwardSchema.nullable().describe("Null when the value is as at the market's own data"),
    property: z.object({
      address: z.string().nullable(),
      suburb: z.string().nullable(),
      state: z.string().nullable(),
      postcode: z.string().nullable(),
      lat: z.number(),
      lng: z.number(),
      locationPrecision: z.enum(['address', 'locality', 'coordinates']),
      attributes: propertyAttributesSchema,
    }),
    assumed: z.array(z.string()).describe('Inputs that were not given and were assumed, with the value used'),
    subject: subjectRequestSchema.describe('The request that names this same property with these same inputs: send it back (to a report, say) to get this same analysis'),
    baseValueAud: z.number().int().describe('The value the factor contributions start from: base + contributions = estimate'),
    factors: z.array(valuationFactorSchema),
    comparables: z.array(comparableSaleSchema),
    breakdown: valuationBreakdownSchema,
    timeline: z.array(timelinePointSchema),
    model: z.object({ id: z.string(), trainedOn: z.string(), method: z.string() }),
    market: z
      .object({
        name: z.string().describe('The market whose sales and index value this property, e.g. "Melbourne (VIC)"'),
        state: z.string().nullable(),
        lastSaleDate: z.string().describe('The latest local sale of that market in our data'),
        evidenceDate: z.string().describe('The model values the property from the local sales before this date; earlier than asAt when the value is carried forward'),
        capped: z.boolean().describe('True when a later date was asked for than the latest data (the ABS series\' last quarter)'),
        note: z.string().describe('e.g. "as at 31 March 2025, the end of the latest quarter of the ABS series; its latest local sale in our data is of 17 March 2018, ..."'),
      })
      .describe('The valuation date rule: as at the ABS series\' last quarter by default, from local sales up to the market\'s last sale, carried forward by the ABS series'),
    modelEstimate: z.number().int().describe("The model's estimate before the property's own recent sale anchored it (equal to estimate when there is none)"),
    ownSale: z
      .object({
        saleId: z.number().int(),
        saleDate: z.string(),
        priceAud: z.number().int(),
        timeAdjustedPriceAud: z.number().int().describe("Moved to the as-at date by the market's own index"),
        ageMonths: z.number(),
        zScore: z.number().describe("Forecast standard deviations between the time-adjusted sale and the model's estimate"),
        weight: z.number().min(0).max(1).describe('Its weight in the blend (docs/methodology/valuation.md, "Own sale"): 0.95 for a market sale up to 6 months old, less only for the reasons in discountReason'),
        isMarketSale: z.boolean().describe('False for a record that is not a market sale: the highest bid at an auction that passed in, or a vendor bid'),
        discountReason: z
          .string()
          .nullable()
          .describe('Why the sale weighs less than a recent market sale (its age past 6 months, a partial interest, not a market sale, a price far from the model), each reason with its figures; null at full weight'),
        discounts: z.array(z.enum(['age', 'partial_interest', 'non_market', 'deviation'])).describe('The reasons of discountReason as codes'),
      })
      .nullable()
      .describe('The property\'s own sale (or, when it weighs more, a later bid at auction) within 24 months before the as-at date, which anchors the estimate'),
    dataSource: z.enum(['live', 'demo']),
  })
  .meta({ id: 'ValuationResult' });
export type ValuationResult = z.infer<typeof valuationResultSchema>;

/** One line of the carry-forward backtest (npm run bench:carry-forward): a city at a horizon. */
export const carryForwardBacktestRowSchema = z.object({
  city: z.string(),
  horizonMonths: z.number().int(),
  sales: z.number().int(),
  mdape: z.number().nullable(),
  ppe10: z.number().nullable(),
  coverage80: z.number().nullable(),
  fsdHits: z.number().nullable().describe('Share of sales within ± 1 FSD of the estimate (target about 68%)'),
});
/** Hit rates of the backtest by FSD band. */
export const fsdBandRowSchema = z.object({ band: z.string(), sales: z.number().int(), withinFsd: z.number(), within10: z.number(), mdape: z.number() });

export const accuracyRowSchema = z.object({
  holdout: z.string(),
  city: z.string(),
  count: z.number().int(),
  mdape: z.number(),
  ppe10: z.number(),
  ppe20: z.number(),
  coverage80: z.number().nullable(),
  baselineMdape: z.number(),
  baselinePpe10: z.number(),
  baselinePpe20: z.number(),
});
export type AccuracyRow = z.infer<typeof accuracyRowSchema>;

/** GET /api/valuations/model: what the loaded model is, what it was trained on, how accurate it is. */
export const modelCardSchema = z
  .object({
    id: z.string(),
    method: z.string(),
    trainedOn: z.object({ firstSaleDate: z.string(), lastSaleDate: z.string(), salesCount: z.number().int(), trainingRows: z.number().int() }),
    features: z.array(z.string()),
    trees: z.number().int(),
    trainingSeconds: z.number(),
    holdout: z.array(accuracyRowSchema),
    holdoutNote: z.string().nullable(),
    targets: z.object({ mdapeMax: z.number(), ppe10Min: z.number(), coverage80Min: z.number(), coverage80Max: z.number() }),
    reference: z
      .array(
        z.object({
          holdout: z.string(),
          city: z.string(),
          previousMdape: z.number(),
          previousPpe10: z.number(),
          previousCoverage80: z.number(),
        }),
      )
      .describe("Per hold-out line: the previous model's figures on the same hold-outs"),
    goals: z
      .array(z.object({ holdout: z.string(), city: z.string(), met: z.boolean(), summary: z.string().describe('"Met", or "Not yet met: " and each figure short of its goal') }))
      .describe("Per hold-out line: whether its measured figures meet the product's accuracy goals (targets)"),
    carryForward: z
      .object({
        asAt: z.string().describe('The default as-at date: the last day of the ABS series\' last quarter'),
        source: z.string(),
        smoothing: z.string(),
        backtest: z.array(carryForwardBacktestRowSchema),
        fsdBands: z.array(fsdBandRowSchema),
        note: z.string(),
      })
      .nullable()
      .describe('How values are carried from each market\'s last local sale to the as-at date, and the backtest by horizon (null when the series are not loaded)'),
  })
  .meta({ id: 'ModelCard' });
export type ModelCard = z.infer<typeof modelCardSchema>;
