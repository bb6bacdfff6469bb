CREATE TABLE "aggregator_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aggregator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"country" char(2),
	"session_started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "aggregator_sessions_currency_known" CHECK ("aggregator_sessions"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
	CONSTRAINT "aggregator_sessions_country_format" CHECK ("aggregator_sessions"."country" IS NULL OR "aggregator_sessions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "aggregator_sessions_expiry" CHECK ("aggregator_sessions"."expires_at" > "aggregator_sessions"."created_at")
);
--> statement-breakpoint
CREATE TABLE "aggregator_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aggregator_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer,
	"game_code" text NOT NULL,
	"round" text NOT NULL,
	"currency" text NOT NULL,
	"amount_units" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"reference_transaction_uuid" text,
	"is_free" boolean DEFAULT false NOT NULL,
	"round_closed" boolean DEFAULT false NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "aggregator_transactions_kind_known" CHECK ("aggregator_transactions"."kind" IN ('bet', 'win', 'rollback')),
	CONSTRAINT "aggregator_transactions_status_known" CHECK (("aggregator_transactions"."kind" = 'bet' AND "aggregator_transactions"."status" IN ('accepted', 'rolled_back'))
        OR ("aggregator_transactions"."kind" = 'win' AND "aggregator_transactions"."status" = 'accepted')
        OR ("aggregator_transactions"."kind" = 'rollback' AND "aggregator_transactions"."status" IN ('applied', 'repeated', 'unmatched'))),
	CONSTRAINT "aggregator_transactions_reference" CHECK (("aggregator_transactions"."kind" = 'bet') = ("aggregator_transactions"."reference_transaction_uuid" IS NULL)),
	CONSTRAINT "aggregator_transactions_amounts" CHECK ("aggregator_transactions"."amount_units" >= 0 AND "aggregator_transactions"."amount_minor" >= 0),
	CONSTRAINT "aggregator_transactions_currency_known" CHECK ("aggregator_transactions"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR'))
);
--> statement-breakpoint
ALTER TABLE "aggregator_sessions" ADD CONSTRAINT "aggregator_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_transactions" ADD CONSTRAINT "aggregator_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_transactions" ADD CONSTRAINT "aggregator_transactions_session_id_aggregator_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."aggregator_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_transactions" ADD CONSTRAINT "aggregator_transactions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_sessions_token_unique" ON "aggregator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "aggregator_sessions_user_idx" ON "aggregator_sessions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_transactions_uuid_unique" ON "aggregator_transactions" USING btree ("transaction_uuid");--> statement-breakpoint
CREATE INDEX "aggregator_transactions_reference_idx" ON "aggregator_transactions" USING btree ("reference_transaction_uuid") WHERE "aggregator_transactions"."reference_transaction_uuid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "aggregator_transactions_user_idx" ON "aggregator_transactions" USING btree ("user_id","created_at");