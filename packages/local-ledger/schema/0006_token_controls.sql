-- Pause, freeze and KYC: a token's keys for them, whether it is paused, and each holder's standing with it.
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "pause_key" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "pause_key_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "paused" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "freeze_key" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "freeze_key_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "freeze_default" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "kyc_key" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "kyc_key_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_token_relationships" ADD COLUMN IF NOT EXISTS "frozen" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "ledger_token_relationships" ADD COLUMN IF NOT EXISTS "kyc_granted" boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- A token deleted with its admin key: it stays listed (deleted), and nothing more is done with it.
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "deleted" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- With a metadata key, an NFT's metadata can be changed after its mint.
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "metadata_key" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "metadata_key_type" text;
