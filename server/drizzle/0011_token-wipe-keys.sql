ALTER TABLE "ledger_tokens" ADD COLUMN "wipe_key" text;--> statement-breakpoint
ALTER TABLE "ledger_tokens" ADD COLUMN "wipe_key_type" text;