-- Prices (spec section 9): domain 10 HBAR a year, subscription 10 USD a year, record change 2 HBAR.
INSERT INTO "settings" ("key", "value") VALUES
  ('prices', '{"domainHbarPerYear": 10, "subscriptionUsdPerYear": 10, "recordChangeHbar": 2}'::jsonb),
  ('discounts', '{"earlyAccessEnabled": true, "earlyAccessFraction": 0.25, "baseDomainFraction": 0}'::jsonb)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- Names kept back from sale.
INSERT INTO "reserved_names" ("label", "reason") VALUES
  ('hedera', 'network'),
  ('hbar', 'network'),
  ('hashgraph', 'network'),
  ('admin', 'operations'),
  ('root', 'operations'),
  ('support', 'operations'),
  ('registry', 'operations'),
  ('wallet', 'operations'),
  ('www', 'operations')
ON CONFLICT ("label") DO NOTHING;
