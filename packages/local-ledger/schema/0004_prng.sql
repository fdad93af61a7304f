-- The utility service's pseudorandom number: what a PRNG transaction's record carries (`{ "bytes": base64 }`
-- without a range, `{ "number": n }` within one).
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "prng" jsonb;
