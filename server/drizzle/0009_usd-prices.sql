-- The domain price is a USD amount a year (spec section 9), paid in HBAR at the rate of the quote.
-- A price configured before as HBAR keeps its number, now read as USD.
UPDATE "settings"
SET "value" = ("value" - 'domainHbarPerYear') || jsonb_build_object('domainUsdPerYear', "value"->'domainHbarPerYear')
WHERE "key" = 'prices' AND "value" ? 'domainHbarPerYear';
