-- The consensus service: topics and the messages submitted to them, in order, with their running hash.
CREATE TABLE IF NOT EXISTS "ledger_topics" (
	"topic_id" text PRIMARY KEY NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"admin_key" text,
	"admin_key_type" text,
	"submit_key" text,
	"submit_key_type" text,
	"auto_renew_account" text,
	"auto_renew_period" bigint,
	"sequence_number" bigint DEFAULT 0 NOT NULL,
	"running_hash" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_timestamp" text NOT NULL,
	"modified_timestamp" text NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_topic_messages" (
	"topic_id" text NOT NULL,
	"sequence_number" bigint NOT NULL,
	"consensus_ns" bigint NOT NULL,
	"consensus_timestamp" text NOT NULL,
	"message" text NOT NULL,
	"running_hash" text NOT NULL,
	"running_hash_version" integer NOT NULL,
	"payer_account" text NOT NULL,
	"chunk_info" jsonb,
	PRIMARY KEY ("topic_id", "sequence_number")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_topic_messages_time_idx" ON "ledger_topic_messages" ("topic_id", "consensus_ns");--> statement-breakpoint
-- A message's receipt carries the topic's sequence number and running hash after it.
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "topic_sequence_number" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "topic_running_hash" text;
