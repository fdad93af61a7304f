-- The local ledger's tables. Every statement may run again: a database that has them (the registry's
-- migrations created them) is left as it is.
CREATE SEQUENCE IF NOT EXISTS "public"."ledger_entity_num" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_accounts" (
	"account_num" bigint PRIMARY KEY NOT NULL,
	"public_key" text,
	"key_type" text,
	"balance_tinybars" bigint DEFAULT 0 NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_timestamp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_nfts" (
	"token_id" text NOT NULL,
	"serial_number" bigint NOT NULL,
	"owner_account" text,
	"metadata" text DEFAULT '' NOT NULL,
	"created_timestamp" text,
	"modified_timestamp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_token_relationships" (
	"account_id" text NOT NULL,
	"token_id" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"automatic_association" boolean DEFAULT false NOT NULL,
	"created_timestamp" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"token_type" text NOT NULL,
	"treasury_account" text NOT NULL,
	"admin_key" text,
	"admin_key_type" text,
	"supply_key" text,
	"supply_key_type" text,
	"wipe_key" text,
	"wipe_key_type" text,
	"memo" text DEFAULT '' NOT NULL,
	"total_supply" bigint DEFAULT 0 NOT NULL,
	"created_timestamp" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_transactions" (
	"consensus_ns" bigint PRIMARY KEY NOT NULL,
	"consensus_timestamp" text NOT NULL,
	"transaction_id" text NOT NULL,
	"payer_account" text NOT NULL,
	"valid_start_timestamp" text NOT NULL,
	"name" text NOT NULL,
	"result" text NOT NULL,
	"memo_base64" text,
	"charged_tx_fee" bigint NOT NULL,
	"max_fee" text NOT NULL,
	"node" text,
	"entity_id" text,
	"valid_duration_seconds" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"transfers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nft_transfers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_transfers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_nfts_pk" ON "ledger_nfts" USING btree ("token_id","serial_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_nfts_owner_idx" ON "ledger_nfts" USING btree ("owner_account");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_token_relationships_pk" ON "ledger_token_relationships" USING btree ("account_id","token_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transactions_payer_idx" ON "ledger_transactions" USING btree ("payer_account");