-- Custom fees (HIP-18): those a token takes on its transfers, and those a transfer paid.
ALTER TABLE "ledger_tokens" ADD COLUMN IF NOT EXISTS "custom_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "assessed_custom_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;
