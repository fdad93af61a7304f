CREATE TABLE "account_evm_addresses" (
	"account_id" text PRIMARY KEY NOT NULL,
	"evm_address" text NOT NULL,
	"learned_at" timestamp with time zone DEFAULT now() NOT NULL
);
