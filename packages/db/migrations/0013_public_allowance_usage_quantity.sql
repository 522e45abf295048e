CREATE TABLE "public_allowance" (
	"client_key" text NOT NULL,
	"day" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "public_allowance_client_key_day_pk" PRIMARY KEY("client_key","day"),
	CONSTRAINT "public_allowance_used_check" CHECK ("public_allowance"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_usage" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_quantity_check" CHECK ("api_usage"."quantity" >= 0);