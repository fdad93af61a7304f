-- Fungible tokens: their decimals, the supply they started with and the most there may ever be.
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "decimals" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "initial_supply" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "supply_type" text DEFAULT 'INFINITE' NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "max_supply" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A mint's, burn's or wipe's receipt states the token's supply after it.
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "new_total_supply" bigint;
--> statement-breakpoint
-- How many tokens an account is associated with on first receipt (HIP-23; -1 for no limit, HIP-904).
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "max_automatic_token_associations" integer DEFAULT 0 NOT NULL;
