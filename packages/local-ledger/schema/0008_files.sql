-- Files of the file service (the system files 0.0.101–0.0.112 are made from the ledger's state instead).
CREATE TABLE IF NOT EXISTS "ledger_files" (
  "file_num" bigint PRIMARY KEY NOT NULL,
  "contents" bytea NOT NULL,
  "keys" text,
  "keys_type" text,
  "memo" text DEFAULT '' NOT NULL,
  "expiration_seconds" bigint NOT NULL,
  "deleted" boolean DEFAULT false NOT NULL,
  "created_timestamp" text NOT NULL,
  "modified_timestamp" text NOT NULL
);
