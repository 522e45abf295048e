-- Valuation certificates are built (issue 16): the plans' comparison and the API price list say so.
UPDATE "plans" SET "comparison" = jsonb_set("comparison", '{Blockchain NFTs}', '"Yes: certificates on chain, priced per certificate"'::jsonb) WHERE "comparison" ? 'Blockchain NFTs';--> statement-breakpoint
UPDATE "api_prices" SET "label" = 'Valuation certificate on chain' WHERE "kind" = 'certificate';
