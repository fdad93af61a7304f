-- Scheduled transactions (the schedule service): the body waiting for its signatures, who signed, and
-- when it was executed or deleted.
CREATE TABLE IF NOT EXISTS "ledger_schedules" (
  "schedule_id" text PRIMARY KEY NOT NULL,
  "creator_account" text NOT NULL,
  "payer_account" text NOT NULL,
  "admin_key" text,
  "admin_key_type" text,
  "memo" text DEFAULT '' NOT NULL,
  "body" bytea NOT NULL,
  "signatories" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "scheduled_transaction_id" text NOT NULL,
  "created_timestamp" text NOT NULL,
  "expiration_ns" bigint NOT NULL,
  "wait_for_expiry" boolean DEFAULT false NOT NULL,
  "executed_timestamp" text,
  "deleted_timestamp" text
);
--> statement-breakpoint
-- A scheduled transaction has its schedule's creation transaction id, marked scheduled.
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "scheduled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_transactions_id_unique";
-- Its unique index, with the child records' nonce, is made by 0014_aliases.sql.
