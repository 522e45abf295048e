-- Portfolio revaluation jobs (issue 15): portfolios, their loans and results (one row per portfolio and upload row: re-written chunks never duplicate a loan), chunks, and workers.
CREATE TABLE "portfolio_chunks" (
	"portfolio_id" text NOT NULL,
	"chunk_index" integer NOT NULL,
	"from_row" integer NOT NULL,
	"to_row" integer NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"loans" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "portfolio_chunks_portfolio_id_chunk_index_pk" PRIMARY KEY("portfolio_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_loans" (
	"portfolio_id" text NOT NULL,
	"row_index" integer NOT NULL,
	"loan_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"record" jsonb,
	"input_error" text,
	"result" jsonb,
	"estimate_aud" bigint,
	"loan_amount_aud" bigint,
	"lvr" double precision,
	"lvr_band" text,
	"lvr_2050" double precision,
	"lvr_2050_band" text,
	"rwa_aud" bigint,
	"confidence" double precision,
	"flood" integer,
	"fire" integer,
	"coastal" integer,
	"subsidence" integer,
	"cyclone" integer,
	"earthquake" integer,
	"hazard_level" text,
	"hazard_score_2050" integer,
	"error" text,
	"assessed_at" timestamp with time zone,
	CONSTRAINT "portfolio_loans_portfolio_id_row_index_pk" PRIMARY KEY("portfolio_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"kind" text NOT NULL,
	"threads" integer NOT NULL,
	"chunks_done" integer DEFAULT 0 NOT NULL,
	"loans_done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_heartbeat" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"executor" text NOT NULL,
	"columns" jsonb NOT NULL,
	"total_loans" integer NOT NULL,
	"chunk_size" integer NOT NULL,
	"total_chunks" integer NOT NULL,
	"scenario" text NOT NULL,
	"year" integer NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "portfolios_workspace_idx" ON "portfolios" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolios_state_idx" ON "portfolios" USING btree ("state");