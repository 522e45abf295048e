CREATE TABLE "account_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"workspace_id" text,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject" text
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "api_prices" (
	"kind" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"from_monthly_requests" integer,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"api_key_id" text,
	"kind" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"phase" text NOT NULL,
	"steps" jsonb NOT NULL,
	"failure" text,
	"provider" text NOT NULL,
	"transaction_id" text,
	"invoice_id" text,
	"amount_cents" integer NOT NULL,
	"payment_method" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" serial NOT NULL,
	"workspace_id" text NOT NULL,
	"order_id" text,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_method" text,
	"transaction_id" text,
	"provider" text NOT NULL,
	"provider_invoice_id" text
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer,
	"billing_period" text,
	"trial_days" integer NOT NULL,
	"monthly_valuation_quota" integer,
	"api_access" boolean NOT NULL,
	"api_requests_per_minute" integer NOT NULL,
	"features" jsonb NOT NULL,
	"comparison" jsonb NOT NULL,
	"is_highlighted" boolean NOT NULL,
	"action" text NOT NULL,
	"action_label" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"payment_method" text,
	"trial_end" timestamp with time zone,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"scheduled_plan_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_local" boolean DEFAULT false NOT NULL,
	"plan_id" text DEFAULT 'starter' NOT NULL,
	"has_had_trial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_audit_workspace_at_idx" ON "account_audit" USING btree ("workspace_id","at");--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "api_usage_workspace_occurred_idx" ON "api_usage" USING btree ("workspace_id","occurred_at");--> statement-breakpoint
CREATE INDEX "checkouts_workspace_idx" ON "checkouts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "invoices_workspace_idx" ON "invoices" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_idx" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reports_workspace_idx" ON "reports" USING btree ("workspace_id");
--> statement-breakpoint
-- Seed: the plans of SPEC.md's Pricing tab (issue 14). Features list only what the product does.
INSERT INTO "plans" ("id","name","description","price_cents","billing_period","trial_days","monthly_valuation_quota","api_access","api_requests_per_minute","features","comparison","is_highlighted","action","action_label","sort_order") VALUES ('starter','Starter','For owners and analysts trying PropGuard on a few properties.',NULL,NULL,0,5,false,0,'["5 valuations a month", "Six-hazard climate risk assessment", "Valuation reports as PDF and text", "A workspace for your team with roles"]'::jsonb,'{"Monthly valuations": "5", "Risk analysis": "Six hazards, projections to 2090", "API access": "No", "Blockchain NFTs": "Not available yet", "APRA compliance": "CPS 230 evidence and LVR rules", "Usage meter": "Yes", "Payment": "Free"}'::jsonb,false,'get-started','Get Started Free',1) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "plans" ("id","name","description","price_cents","billing_period","trial_days","monthly_valuation_quota","api_access","api_requests_per_minute","features","comparison","is_highlighted","action","action_label","sort_order") VALUES ('professional','Professional','For lenders and real estate businesses valuing every week.',29900,'month',14,100,true,60,'["100 valuations a month", "API access with API keys (60 requests a minute)", "APRA compliance reporting: CPS 230 evidence, LVR and APS 112", "Usage meter priced at the API rates", "Climate projections to 2090 with mitigation costs", "Valuation reports as PDF and text"]'::jsonb,'{"Monthly valuations": "100", "Risk analysis": "Six hazards, projections to 2090", "API access": "Yes (60 requests a minute)", "Blockchain NFTs": "Not available yet", "APRA compliance": "CPS 230 evidence and LVR rules", "Usage meter": "Yes", "Payment": "$299 a month after a 14-day free trial"}'::jsonb,true,'start-trial','Start Free Trial',2) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "plans" ("id","name","description","price_cents","billing_period","trial_days","monthly_valuation_quota","api_access","api_requests_per_minute","features","comparison","is_highlighted","action","action_label","sort_order") VALUES ('enterprise','Enterprise','For banks and portfolios that need scale; terms agreed with our sales team.',NULL,NULL,0,NULL,true,600,'["Unlimited valuations", "API access with API keys (600 requests a minute)", "APRA compliance reporting: CPS 230 evidence, LVR and APS 112", "Usage meter priced at the API rates", "Price and terms agreed with sales"]'::jsonb,'{"Monthly valuations": "Unlimited", "Risk analysis": "Six hazards, projections to 2090", "API access": "Yes (600 requests a minute)", "Blockchain NFTs": "Not available yet", "APRA compliance": "CPS 230 evidence and LVR rules", "Usage meter": "Yes", "Payment": "Custom, by invoice"}'::jsonb,false,'contact-sales','Contact Sales',3) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "api_prices" ("kind","label","unit","price_cents","from_monthly_requests","sort_order") VALUES ('valuation','Valuation request','per request',50,NULL,1) ON CONFLICT ("kind") DO NOTHING;--> statement-breakpoint
INSERT INTO "api_prices" ("kind","label","unit","price_cents","from_monthly_requests","sort_order") VALUES ('bulk_valuation','Bulk valuations (from 1,000 requests a month)','per request',30,1000,2) ON CONFLICT ("kind") DO NOTHING;--> statement-breakpoint
INSERT INTO "api_prices" ("kind","label","unit","price_cents","from_monthly_requests","sort_order") VALUES ('certificate','NFT certificate minting (not available yet)','per certificate',500,NULL,3) ON CONFLICT ("kind") DO NOTHING;--> statement-breakpoint
INSERT INTO "api_prices" ("kind","label","unit","price_cents","from_monthly_requests","sort_order") VALUES ('compliance_report','APRA compliance report','per report',2500,NULL,4) ON CONFLICT ("kind") DO NOTHING;
