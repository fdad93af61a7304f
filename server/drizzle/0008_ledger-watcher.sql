CREATE TABLE "ledger_feeds" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" text DEFAULT '0' NOT NULL,
	"leader" text,
	"lease_until" timestamp with time zone,
	"read_up_to" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"consensus_timestamp" text NOT NULL,
	"payer_account" text NOT NULL,
	"amount_tinybars" bigint NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_payments_payer_idx" ON "ledger_payments" USING btree ("payer_account");--> statement-breakpoint
CREATE INDEX "domains_nft_idx" ON "domains" USING btree ("token_id","serial_no");--> statement-breakpoint
-- Payments confirmed before the watcher existed are settled already: the watcher must not refund them.
INSERT INTO "ledger_payments" ("transaction_id", "consensus_timestamp", "payer_account", "amount_tinybars", "order_id", "outcome")
SELECT "transaction_id", '', "account_id", "amount_tinybars", "id", 'settled' FROM "orders" WHERE "transaction_id" IS NOT NULL
ON CONFLICT DO NOTHING;
