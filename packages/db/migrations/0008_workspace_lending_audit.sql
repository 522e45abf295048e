ALTER TABLE "lending_assessments" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "valuation_audit" ADD COLUMN "workspace_id" text;--> statement-breakpoint
CREATE INDEX "lending_assessments_workspace_idx" ON "lending_assessments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "valuation_audit_workspace_idx" ON "valuation_audit" USING btree ("workspace_id");