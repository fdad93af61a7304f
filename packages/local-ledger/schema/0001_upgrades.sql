-- Columns and rules the ledger's tables gained after the first of them were made: a database made then
-- is brought up to date, one made by 0000 is left as it is.
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "memo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "created_timestamp" text;--> statement-breakpoint
ALTER TABLE "ledger_nfts" ADD COLUMN IF NOT EXISTS "created_timestamp" text;--> statement-breakpoint
ALTER TABLE "ledger_nfts" ADD COLUMN IF NOT EXISTS "modified_timestamp" text;--> statement-breakpoint
-- A burned or wiped NFT has no holder.
ALTER TABLE "ledger_nfts" ALTER COLUMN "owner_account" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "wipe_key" text;--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "wipe_key_type" text;
