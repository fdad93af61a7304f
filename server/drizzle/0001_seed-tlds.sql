-- Top-level domains on sale from the start; hbar is the default of the search box, blade the claim page's.
INSERT INTO "tlds" ("name", "sort_order") VALUES
  ('hbar', 1),
  ('blade', 2),
  ('hangry', 3),
  ('bhc', 4),
  ('koala', 5)
ON CONFLICT ("name") DO NOTHING;
