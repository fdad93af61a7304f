-- The local ledger's tables are its own: it makes and upgrades them itself (packages/local-ledger/schema).
SELECT 1;
