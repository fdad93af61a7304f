-- A database the embedded ledger ran on when its genesis key was kept among the registry's settings: the
-- key moves to the ledger's own table, which the ledger would otherwise make empty on its next start.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'local_ledger_genesis') THEN
    CREATE TABLE IF NOT EXISTS "ledger_settings" (
      "key" text PRIMARY KEY NOT NULL,
      "value" jsonb NOT NULL,
      "updated_at" timestamp with time zone DEFAULT now() NOT NULL
    );
    INSERT INTO "ledger_settings" ("key", "value")
      SELECT 'genesis_key', "value" FROM "settings" WHERE "key" = 'local_ledger_genesis'
      ON CONFLICT DO NOTHING;
    DELETE FROM "settings" WHERE "key" = 'local_ledger_genesis';
  END IF;
END $$;
