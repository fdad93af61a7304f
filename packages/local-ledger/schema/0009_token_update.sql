-- Token update: the fee schedule key a token may be given, and a token's own metadata (HIP-646).
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "fee_schedule_key" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "fee_schedule_key_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "metadata" text DEFAULT '' NOT NULL;
