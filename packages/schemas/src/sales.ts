import { z } from 'zod';

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
export const auStateSchema = z.enum(AU_STATES);
export type AuState = z.infer<typeof auStateSchema>;

const isoDate = z.iso.date().describe('Date as YYYY-MM-DD');

/** Query of GET /api/data/sales: the cleaned sales records, newest first. */
export const salesQuerySchema = z
  .object({
    state: auStateSchema.optional(),
    suburb: z.string().trim().min(1).max(80).optional().describe('Suburb name, case-insensitive exact match'),
    postcode: z.string().regex(/^\d{4}$/, 'must be a 4-digit postcode').optional(),
    source: z.string().min(1).max(120).optional().describe('Data set id, e.g. melbourne-housing-sales'),
    from: isoDate.optional().describe('Earliest sale date (inclusive)'),
    to: isoDate.optional().describe('Latest sale date (inclusive)'),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be after "to"', path: ['from'] });
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/** One cleaned sale as stored in the `sales` table. */
export const saleRecordSchema = z
  .object({
    id: z.number().int(),
    source: z.string(),
    address: z.string().nullable(),
    suburb: z.string(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    locationPrecision: z.string(),
    propertyType: z.string(),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.number().int().nullable(),
    carSpaces: z.number().int().nullable(),
    landSizeM2: z.number().nullable(),
    buildingSizeM2: z.number().nullable(),
    yearBuilt: z.number().int().nullable(),
    priceAud: z.number().int().nullable(),
    saleDate: z.string(),
    datePrecision: z.string(),
    saleMethod: z.string(),
    isMarketSale: z.boolean(),
  })
  .meta({ id: 'SaleRecord' });
export type SaleRecord = z.infer<typeof saleRecordSchema>;

/** Where a recorded sale is: the fields every sale row shape (ingest, index, listing, address book) shares. */
export type SalePlace = Pick<SaleRecord, 'address' | 'suburb' | 'state' | 'postcode'>;
/** What was sold, as recorded (null: not recorded); shared by every sale row shape. */
export type SaleAttributes = Pick<SaleRecord, 'bedrooms' | 'bathrooms' | 'carSpaces' | 'landSizeM2' | 'buildingSizeM2' | 'yearBuilt'>;

export const salesPageSchema = z
  .object({
    success: z.literal(true),
    total: z.number().int().describe('Sales matching the filter'),
    limit: z.number().int(),
    offset: z.number().int(),
    sales: z.array(saleRecordSchema),
  })
  .meta({ id: 'SalesPage' });
export type SalesPage = z.infer<typeof salesPageSchema>;
