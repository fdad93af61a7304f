-- Fees of a topic's messages (HIP-991): its fixed fees, the key that changes them and the keys exempt from them;
-- and when a token's fees were last replaced by its fee schedule key.
ALTER TABLE "ledger_topics" ADD COLUMN IF NOT EXISTS "fee_schedule_key" text;
--> statement-breakpoint
ALTER TABLE "ledger_topics" ADD COLUMN IF NOT EXISTS "fee_schedule_key_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_topics" ADD COLUMN IF NOT EXISTS "fee_exempt_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_topics" ADD COLUMN IF NOT EXISTS "custom_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_topics" ADD COLUMN IF NOT EXISTS "custom_fees_timestamp" text;
--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "custom_fees_timestamp" text;
