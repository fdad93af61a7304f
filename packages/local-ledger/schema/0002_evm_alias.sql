-- An account made with an EVM address alias (an ECDSA key's address): at most one account per alias, as
-- on Hedera; the mirror answers it as the account's evm_address.
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "evm_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_accounts_evm_address_idx" ON "ledger_accounts" ("evm_address") WHERE "evm_address" IS NOT NULL;
