CREATE TABLE "ledger_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The local ledger keeps its genesis key in its own table now: an existing ledger keeps its key.
INSERT INTO "ledger_settings" ("key", "value") SELECT 'genesis_key', "value" FROM "settings" WHERE "key" = 'local_ledger_genesis'
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'local_ledger_genesis';
