-- pg_trgm powers fuzzy address suggestions (the GIN trigram index on addresses.search_text below).
-- Added by hand before the generated statements: the index needs the operator class.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_key" text NOT NULL,
	"address" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text,
	"postcode" text,
	"lat" double precision,
	"lng" double precision,
	"location_precision" text,
	"property_type" text,
	"bedrooms" integer,
	"bathrooms" integer,
	"car_spaces" integer,
	"land_size_m2" double precision,
	"building_size_m2" double precision,
	"year_built" integer,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"last_sale_date" date,
	"last_price_aud" bigint,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_loads" (
	"dataset" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"ruleset_version" integer DEFAULT 1 NOT NULL,
	"rows_read" integer NOT NULL,
	"rows_loaded" integer NOT NULL,
	"rows_rejected" integer NOT NULL,
	"rejected_by_reason" jsonb NOT NULL,
	"adjusted_by_rule" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"altitude_m" double precision,
	"sa2_code_2021" text,
	"sa2_name_2021" text,
	"lga_name" text,
	"type" text NOT NULL,
	"is_delivery_area" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_row" integer NOT NULL,
	"address" text,
	"address_key" text,
	"suburb" text NOT NULL,
	"state" text,
	"postcode" text,
	"lat" double precision,
	"lng" double precision,
	"location_precision" text,
	"property_type" text NOT NULL,
	"property_type_raw" text,
	"bedrooms" integer,
	"bathrooms" integer,
	"car_spaces" integer,
	"land_size_m2" double precision,
	"building_size_m2" double precision,
	"year_built" integer,
	"price_aud" bigint,
	"sale_date" date NOT NULL,
	"date_precision" text NOT NULL,
	"sale_method" text NOT NULL,
	"sale_method_raw" text,
	"is_market_sale" boolean NOT NULL,
	"agency" text,
	"address_id" integer,
	"locality_id" integer
);
--> statement-breakpoint
CREATE TABLE "suburbs" (
	"sal_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"area_km2" double precision,
	"bbox_min_lng" double precision NOT NULL,
	"bbox_min_lat" double precision NOT NULL,
	"bbox_max_lng" double precision NOT NULL,
	"bbox_max_lat" double precision NOT NULL,
	"geometry" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_address_key_key" ON "addresses" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "addresses_suburb_postcode_idx" ON "addresses" USING btree ("suburb","postcode");--> statement-breakpoint
CREATE INDEX "addresses_search_text_trgm_idx" ON "addresses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "localities_name_state_postcode_key" ON "localities" USING btree ("name","state","postcode");--> statement-breakpoint
CREATE INDEX "localities_postcode_idx" ON "localities" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "sales_source_idx" ON "sales" USING btree ("source");--> statement-breakpoint
CREATE INDEX "sales_state_idx" ON "sales" USING btree ("state");--> statement-breakpoint
CREATE INDEX "sales_suburb_postcode_idx" ON "sales" USING btree ("suburb","postcode");--> statement-breakpoint
CREATE INDEX "sales_sale_date_idx" ON "sales" USING btree ("sale_date");--> statement-breakpoint
CREATE INDEX "sales_address_id_idx" ON "sales" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "sales_locality_id_idx" ON "sales" USING btree ("locality_id");--> statement-breakpoint
CREATE INDEX "sales_property_type_idx" ON "sales" USING btree ("property_type");--> statement-breakpoint
CREATE INDEX "suburbs_state_name_idx" ON "suburbs" USING btree ("state","name");--> statement-breakpoint
CREATE INDEX "suburbs_bbox_idx" ON "suburbs" USING btree ("bbox_min_lng","bbox_max_lng","bbox_min_lat","bbox_max_lat");