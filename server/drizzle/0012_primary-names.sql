CREATE TABLE "primary_names" (
	"account_id" text PRIMARY KEY NOT NULL,
	"domain_name" text NOT NULL,
	"set_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "owner_since" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "primary_names_domain_idx" ON "primary_names" USING btree ("domain_name");