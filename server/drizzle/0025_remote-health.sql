CREATE TABLE "remote_canary_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"figures" jsonb NOT NULL,
	"decided_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_health_counts" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "remote_health_counts_remote_version_kind_minute_pk" PRIMARY KEY("remote","version","kind","minute")
);
--> statement-breakpoint
ALTER TABLE "remote_canaries" ADD COLUMN "started_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_canaries" ADD COLUMN "auto" jsonb;--> statement-breakpoint
CREATE INDEX "remote_canary_decisions_remote_idx" ON "remote_canary_decisions" USING btree ("remote","id");