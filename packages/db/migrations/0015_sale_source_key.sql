ALTER TABLE "sales" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "source_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_source_key_key" ON "sales" USING btree ("source_key");