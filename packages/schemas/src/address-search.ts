import { z } from 'zod';

/** SPEC.md section 9: suggestions are asked for from 3 characters on; the server accepts any non-blank text. */
export const ADDRESS_SUGGESTION_MIN_CHARS = 3;
export const ADDRESS_SUGGESTION_LIMIT_DEFAULT = 8;
export const ADDRESS_SUGGESTION_LIMIT_MAX = 25;

/** "address-123" (a street address of our sales) or "locality-45" (a gazetteer locality). */
export const addressSuggestionIdSchema = z
  .string()
  .regex(/^(address|locality)-\d{1,10}$/, 'must be a suggestion id such as "address-123" or "locality-45"')
  .describe('The id of a suggestion, as autocomplete returned it');

const autocompleteRequestSchema = z.object({
  action: z.literal('autocomplete'),
  query: z.string().trim().min(1, 'must not be blank').max(200).describe('What the user typed, e.g. "12 colins st"'),
  limit: z.number().int().min(1).max(ADDRESS_SUGGESTION_LIMIT_MAX).default(ADDRESS_SUGGESTION_LIMIT_DEFAULT),
});

const detailsRequestSchema = z.object({
  action: z.literal('details'),
  propertyId: addressSuggestionIdSchema,
});

/** POST /api/functions/address-search: the demo's hosted function (SPEC.md section 7), on our own index. */
export const addressSearchRequestSchema = z
  .discriminatedUnion('action', [autocompleteRequestSchema, detailsRequestSchema])
  .meta({ id: 'AddressSearchRequest' });
export type AddressSearchRequest = z.infer<typeof addressSearchRequestSchema>;
export type AddressSearchRequestInput = z.input<typeof addressSearchRequestSchema>;

export const addressSuggestionKindSchema = z.enum(['address', 'locality']);
export type AddressSuggestionKind = z.infer<typeof addressSuggestionKindSchema>;

/** SPEC.md section 3's Suggestion, plus its kind and a display label. */
export const addressSuggestionSchema = z
  .object({
    id: addressSuggestionIdSchema,
    address: z.string().describe('The street line ("12 Collins St"), or the locality name for a locality'),
    suburb: z.string(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    type: z.string().describe('Property type of the address\'s latest sale (house, unit, townhouse...), "address" when unknown, "locality" for a locality'),
    kind: addressSuggestionKindSchema,
    label: z.string().describe('One line for the box: "12 Collins St, Melbourne VIC 3000"'),
  })
  .meta({ id: 'AddressSuggestion' });
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressSuggestionsResponseSchema = z
  .object({
    suggestions: z.array(addressSuggestionSchema),
    source: z.string().describe('The data behind the suggestions, for the dropdown\'s "Powered by" footer'),
    tookMs: z.number(),
  })
  .meta({ id: 'AddressSuggestionsResponse' });
export type AddressSuggestionsResponse = z.infer<typeof addressSuggestionsResponseSchema>;

const riskScore = z.number().int().min(0).max(100);

/** SPEC.md section 3's "Property (dashboard)", from our data: nothing here is invented. */
export const addressPropertySchema = z
  .object({
    id: addressSuggestionIdSchema,
    kind: addressSuggestionKindSchema,
    address: z.string().describe('One line: "12 Collins St, Melbourne VIC 3000"'),
    street: z.string().nullable().describe('The street line, null for a locality'),
    suburb: z.string(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    propertyType: z.string().nullable(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    locationPrecision: z.enum(['address', 'locality']).nullable().describe('Whether the coordinates are the address\'s own or its locality\'s'),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.number().int().nullable(),
    carSpaces: z.number().int().nullable(),
    landSize: z.number().nullable().describe('Square metres'),
    buildingSize: z.number().nullable().describe('Square metres'),
    yearBuilt: z.number().int().nullable(),
    description: z.string(),
    features: z.array(z.string()),
    media: z.array(z.object({ url: z.string() })).describe('Our sales carry no photos: always empty'),
    riskData: z.object({ flood: riskScore, fire: riskScore, coastal: riskScore }).nullable().describe('Present-day hazard scores at the coordinates; null when the hazard layers are not loaded'),
    lastSale: z.object({ date: z.string(), priceAud: z.number().int().nullable() }).nullable(),
    saleCount: z.number().int(),
    listingId: z.string().nullable().describe('The latest sale as a listing (GET /api/realty/property/{id}), null for a locality'),
  })
  .meta({ id: 'AddressProperty' });
export type AddressProperty = z.infer<typeof addressPropertySchema>;

export const addressDetailsResponseSchema = z.object({ property: addressPropertySchema }).meta({ id: 'AddressDetailsResponse' });
export type AddressDetailsResponse = z.infer<typeof addressDetailsResponseSchema>;

export const addressSearchResponseSchema = z.union([addressSuggestionsResponseSchema, addressDetailsResponseSchema]);
export type AddressSearchResponse = z.infer<typeof addressSearchResponseSchema>;
