CREATE TABLE "remote_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text,
	"previous_version" text,
	"actor" text NOT NULL,
	"activated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"build" jsonb,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "remote_activations_remote_idx" ON "remote_activations" USING btree ("remote","id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_releases_version_unique" ON "remote_releases" USING btree ("remote","version");