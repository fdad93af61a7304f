CREATE TABLE "remote_canaries" (
	"remote" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"percent" integer NOT NULL,
	"actor" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
