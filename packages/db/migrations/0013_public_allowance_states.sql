CREATE TABLE "public_allowance" (
	"client_key" text NOT NULL,
	"day" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "public_allowance_client_key_day_pk" PRIMARY KEY("client_key","day"),
	CONSTRAINT "public_allowance_used_check" CHECK ("public_allowance"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_usage" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_quantity_check" CHECK ("api_usage"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_phase_check" CHECK ("checkouts"."phase" IN ('running', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" IN ('trialing', 'active', 'past_due', 'canceled'));--> statement-breakpoint
ALTER TABLE "portfolio_chunks" ADD CONSTRAINT "portfolio_chunks_state_check" CHECK ("portfolio_chunks"."state" IN ('queued', 'running', 'done', 'failed'));--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_state_check" CHECK ("portfolios"."state" IN ('loading', 'queued', 'running', 'completed', 'failed', 'cancelled'));