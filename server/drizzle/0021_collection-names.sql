CREATE TABLE "collection_names" (
	"token_id" text NOT NULL,
	"serial_no" bigint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "collection_names_token_id_serial_no_pk" PRIMARY KEY("token_id","serial_no")
);
--> statement-breakpoint
CREATE INDEX "collection_names_name_idx" ON "collection_names" USING btree ("token_id","name");