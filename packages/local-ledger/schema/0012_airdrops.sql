-- Airdrops waiting for their receiver (HIP-904): a fungible token's units (summed per sender, receiver
-- and token) or one NFT (serial_number > 0), until claimed or cancelled.
CREATE TABLE IF NOT EXISTS "ledger_pending_airdrops" (
  "sender_id" text NOT NULL,
  "receiver_id" text NOT NULL,
  "token_id" text NOT NULL,
  "serial_number" bigint DEFAULT 0 NOT NULL,
  "amount" bigint DEFAULT 0 NOT NULL,
  "created_timestamp" text NOT NULL,
  "modified_timestamp" text NOT NULL,
  CONSTRAINT "ledger_pending_airdrops_pk" PRIMARY KEY ("sender_id", "receiver_id", "token_id", "serial_number")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_pending_airdrops_receiver_idx" ON "ledger_pending_airdrops" ("receiver_id");
--> statement-breakpoint
-- An airdrop's record: the airdrops it left pending.
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "new_pending_airdrops" jsonb DEFAULT '[]'::jsonb NOT NULL;
