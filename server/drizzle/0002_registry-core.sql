CREATE TABLE "auth_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_records" (
	"domain_name" text PRIMARY KEY NOT NULL,
	"site_address" text,
	"web3_asset" text,
	"twitter" text,
	"linkedin" text,
	"facebook" text,
	"instagram" text,
	"status_site_address" integer DEFAULT 0 NOT NULL,
	"status_assets" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tld" text NOT NULL,
	"parent_name" text,
	"is_sub" integer DEFAULT 0 NOT NULL,
	"owner_account" text NOT NULL,
	"months" integer NOT NULL,
	"price" numeric(20, 8) NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"web_protection" boolean DEFAULT false NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"subscription_expires_at" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"token_id" text,
	"serial_no" bigint,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"months" integer NOT NULL,
	"price" numeric(20, 8) NOT NULL,
	"is_web_protection_on" boolean DEFAULT false NOT NULL,
	"web_protection" numeric(20, 8) DEFAULT 0 NOT NULL,
	"is_subscription_on" boolean DEFAULT false NOT NULL,
	"subscription_price" numeric(20, 8) DEFAULT 0 NOT NULL,
	"is_sub" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'quoted' NOT NULL,
	"total_hbar" numeric(20, 8) NOT NULL,
	"amount_tinybars" bigint NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transaction_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "other_provider_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_name" text NOT NULL,
	"token_id" text NOT NULL,
	"serial_number" bigint NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"account_id" text PRIMARY KEY NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"mobile_no" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '+1' NOT NULL,
	"adr_line1" text DEFAULT '' NOT NULL,
	"adr_line2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'United States' NOT NULL,
	"pincode" text DEFAULT '' NOT NULL,
	"dp" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserved_names" (
	"label" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT 'reserved' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tlds" ADD COLUMN "token_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_name_unique" ON "domains" USING btree ("name");--> statement-breakpoint
CREATE INDEX "domains_owner_idx" ON "domains" USING btree ("owner_account");--> statement-breakpoint
CREATE INDEX "domains_parent_idx" ON "domains" USING btree ("parent_name");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verifications_code_unique" ON "email_verifications" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_unique" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "other_provider_domains_nft_unique" ON "other_provider_domains" USING btree ("token_id","serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "other_provider_domains_name_unique" ON "other_provider_domains" USING btree ("domain_name");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");
