CREATE TABLE IF NOT EXISTS "reports" (
	"report_id" text PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"title" text NOT NULL,
	"listing_id" text,
	"address" text NOT NULL,
	"valuation_aud" bigint NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"generation_ms" integer NOT NULL,
	"model_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"pdf_base64" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_bytes" integer NOT NULL,
	"pdf_pages" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_generated_at_idx" ON "reports" USING btree ("generated_at");