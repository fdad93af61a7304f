-- An account deleted by CryptoDelete: it keeps its id and history, holds nothing and takes no transfers.
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "deleted" boolean NOT NULL DEFAULT false;
