-- Allowances: HBAR an owner lets a spender move, and NFTs (one serial, or all of a token) a spender may move.
CREATE TABLE IF NOT EXISTS "ledger_hbar_allowances" (
  "owner" text NOT NULL,
  "spender" text NOT NULL,
  "amount" bigint NOT NULL,
  "amount_granted" bigint NOT NULL,
  "timestamp" text NOT NULL,
  PRIMARY KEY ("owner", "spender")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_nft_allowances" (
  "owner" text NOT NULL,
  "spender" text NOT NULL,
  "token_id" text NOT NULL,
  "approved_for_all" boolean NOT NULL,
  "timestamp" text NOT NULL,
  PRIMARY KEY ("owner", "spender", "token_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_nfts" ADD COLUMN IF NOT EXISTS "spender" text;
