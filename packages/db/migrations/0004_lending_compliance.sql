CREATE TABLE IF NOT EXISTS "compliance_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"dependency" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_breach_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"breach" text NOT NULL,
	"tolerance" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "health_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"dependency" text NOT NULL,
	"status" text NOT NULL,
	"latency_ms" double precision,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "lending_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessed_at" timestamp with time zone NOT NULL,
	"address" text,
	"valuation_aud" bigint NOT NULL,
	"loan_amount_aud" bigint NOT NULL,
	"lvr" double precision NOT NULL,
	"purpose" text NOT NULL,
	"repayment" text NOT NULL,
	"risk_weight" double precision NOT NULL,
	"compliance_score" integer NOT NULL,
	"compliance_status" text NOT NULL,
	"risk_category" text NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "service_tolerances" (
	"dependency" text PRIMARY KEY NOT NULL,
	"max_disruption_minutes" integer NOT NULL,
	"min_availability_pct" double precision NOT NULL,
	"max_latency_ms" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "valuation_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"model_version" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"data_sources" jsonb NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "compliance_incidents_opened_at_idx" ON "compliance_incidents" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "health_checks_dependency_checked_at_idx" ON "health_checks" USING btree ("dependency","checked_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lending_assessments_assessed_at_idx" ON "lending_assessments" USING btree ("assessed_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "valuation_audit_recorded_at_idx" ON "valuation_audit" USING btree ("recorded_at");