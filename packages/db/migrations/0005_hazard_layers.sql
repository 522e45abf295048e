CREATE TABLE "hazard_layer_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"layer_id" integer NOT NULL,
	"value" double precision,
	"rings" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hazard_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"licence_note" text NOT NULL,
	"source_file" text NOT NULL,
	"field" text,
	"source_field" text,
	"imported_at" timestamp with time zone NOT NULL,
	"feature_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hazard_layer_features" ADD CONSTRAINT "hazard_layer_features_layer_id_hazard_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."hazard_layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hazard_layer_features_layer_idx" ON "hazard_layer_features" USING btree ("layer_id");--> statement-breakpoint
CREATE INDEX "hazard_layer_features_bbox_idx" ON "hazard_layer_features" USING btree ("min_lng","max_lng","min_lat","max_lat");