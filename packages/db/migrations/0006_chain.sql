CREATE TABLE "chain_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"rlp" text NOT NULL,
	CONSTRAINT "chain_blocks_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "chain_logs" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"block_hash" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"transaction_index" integer NOT NULL,
	"address" text NOT NULL,
	"topic0" text,
	"topic1" text,
	"topic2" text,
	"topic3" text,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_state_nodes" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"hash" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"transaction_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"contract_address" text,
	"raw" text NOT NULL,
	"status" integer NOT NULL,
	"gas_used" text NOT NULL,
	"cumulative_gas_used" text NOT NULL,
	"effective_gas_price_wei" text NOT NULL,
	"logs_bloom" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipfs_objects" (
	"cid" text PRIMARY KEY NOT NULL,
	"codec" text NOT NULL,
	"bytes_base64" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_logs_block_log_idx" ON "chain_logs" USING btree ("block_number","log_index");--> statement-breakpoint
CREATE INDEX "chain_logs_address_block_idx" ON "chain_logs" USING btree ("address","block_number");--> statement-breakpoint
CREATE INDEX "chain_logs_topic0_idx" ON "chain_logs" USING btree ("topic0");--> statement-breakpoint
CREATE INDEX "chain_transactions_block_idx" ON "chain_transactions" USING btree ("block_number","transaction_index");