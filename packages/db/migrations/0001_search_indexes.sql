CREATE INDEX IF NOT EXISTS "sales_suburb_upper_idx" ON "sales" USING btree (upper("suburb"),"sale_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_postcode_idx" ON "sales" USING btree ("postcode","sale_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_lat_idx" ON "sales" USING btree ("lat");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_price_idx" ON "sales" USING btree ("price_aud");