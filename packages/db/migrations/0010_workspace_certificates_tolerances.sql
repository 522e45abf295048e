CREATE TABLE "certificates" (
	"contract_address" text NOT NULL,
	"token_id" bigint NOT NULL,
	"workspace_id" text NOT NULL,
	"report_id" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"minted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "certificates_contract_address_token_id_pk" PRIMARY KEY("contract_address","token_id")
);
--> statement-breakpoint
CREATE TABLE "test_processor_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"payment_method" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_processor_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Tolerances become one set per workspace (issue 14); the server-wide set kept so far is the local workspace's.
ALTER TABLE "service_tolerances" ADD COLUMN "workspace_id" text DEFAULT 'ws_local' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_tolerances" ALTER COLUMN "workspace_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "service_tolerances" DROP CONSTRAINT "service_tolerances_pkey";--> statement-breakpoint
ALTER TABLE "service_tolerances" ADD CONSTRAINT "service_tolerances_workspace_id_dependency_pk" PRIMARY KEY("workspace_id","dependency");--> statement-breakpoint
ALTER TABLE "compliance_incidents" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- An incident so far breached the server-wide tolerance when one was set (now the local workspace's), else the default.
UPDATE "compliance_incidents" SET "workspace_id" = 'ws_local' WHERE "dependency" IN (SELECT "dependency" FROM "service_tolerances");--> statement-breakpoint
ALTER TABLE "test_processor_subscriptions" ADD CONSTRAINT "test_processor_subscriptions_customer_id_test_processor_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."test_processor_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_workspace_idx" ON "certificates" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "compliance_incidents_workspace_dependency_idx" ON "compliance_incidents" USING btree ("workspace_id","dependency");