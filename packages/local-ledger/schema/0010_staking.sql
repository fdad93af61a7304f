-- Staking as an account states it: to another account or to a node, and whether it declines rewards.
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "staked_account_id" text;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "staked_node_id" bigint;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "decline_reward" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "stake_period_start" text;
