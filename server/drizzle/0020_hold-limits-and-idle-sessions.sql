ALTER TABLE "name_holds" ADD COLUMN "held_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "name_holds" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "name_holds_account_idx" ON "name_holds" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "name_holds_client_address_idx" ON "name_holds" USING btree ("client_address");