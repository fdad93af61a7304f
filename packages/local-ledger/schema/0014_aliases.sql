-- Accounts a transfer makes for an alias (HIP-32 key aliases, HIP-583 EVM addresses): the key alias
-- (HAPI's Key, serialized, in hex) an account was made from, and the child records of the transfer
-- that made it (same transaction id, nonce 1 onwards, before the parent).
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "alias_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_accounts_alias_key_idx" ON "ledger_accounts" ("alias_key") WHERE "alias_key" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "nonce" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "parent_consensus_timestamp" text;
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_transactions_id_scheduled_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_transactions_id_scheduled_nonce_unique" ON "ledger_transactions" USING btree ("transaction_id", "scheduled", "nonce");
