CREATE TABLE "name_holds" (
	"name" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_tinybars" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "name_holds" ADD CONSTRAINT "name_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "name_holds_order_idx" ON "name_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "domains_order_idx" ON "domains" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_item_name_idx" ON "order_lines" USING btree ("item_name");--> statement-breakpoint
UPDATE "orders" SET "status" = 'expired' WHERE "kind" = 'claim' AND "status" = 'quoted' AND "expires_at" <= now();--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_claim_per_account" ON "orders" USING btree ("account_id") WHERE kind = 'claim' and status in ('quoted', 'paid', 'completed');--> statement-breakpoint
-- Quotes that are still live keep holding their names.
INSERT INTO "name_holds" ("name", "order_id", "account_id", "expires_at")
SELECT DISTINCT ON (l."item_name") l."item_name", o."id", o."account_id", o."expires_at"
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."status" = 'quoted' AND o."expires_at" > now() AND o."kind" IN ('domains', 'claim', 'subdomain')
  AND NOT EXISTS (SELECT 1 FROM "domains" d WHERE d."name" = l."item_name")
ORDER BY l."item_name", o."created_at";
