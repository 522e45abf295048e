import { z } from 'zod';

/** The largest sale id a listing id can name (the sales table's integer key). */
export const MAX_SALE_ID = 2_147_483_647;
/** "sale-123": one recorded sale; ids past the integer range are refused, not looked up. */
export const listingIdSchema = z
  .string()
  .regex(/^sale-\d{1,10}$/, 'must look like "sale-123"')
  .refine((id) => Number(id.slice('sale-'.length)) <= MAX_SALE_ID, `must name a sale id up to ${MAX_SALE_ID.toLocaleString('en-AU')}`);
