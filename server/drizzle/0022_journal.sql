CREATE TABLE "journal_entries" (
	"position" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"event" text NOT NULL,
	"message" text NOT NULL,
	"submission" jsonb,
	"sequence_number" bigint,
	"consensus_timestamp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_topic" (
	"key" text PRIMARY KEY DEFAULT 'journal' NOT NULL,
	"topic_id" text,
	"creation" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_id_unique" ON "journal_entries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "journal_entries_unsent_idx" ON "journal_entries" USING btree ("position") WHERE sequence_number is null;--> statement-breakpoint
CREATE INDEX "journal_entries_name_idx" ON "journal_entries" USING btree ("name");