CREATE TABLE "deferred_schema" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"table_name" text NOT NULL,
	"definition" text NOT NULL,
	"deferred_at" timestamp with time zone DEFAULT now() NOT NULL
);
