CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"user_id" integer,
	"system_code" text,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_known" CHECK ("ledger_accounts"."kind" IN ('cash', 'bonus', 'system')),
	CONSTRAINT "ledger_accounts_currency_known" CHECK ("ledger_accounts"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" IS NOT NULL AND "ledger_accounts"."system_code" IS NULL AND "ledger_accounts"."kind" IN ('cash', 'bonus'))
        OR ("ledger_accounts"."user_id" IS NULL AND "ledger_accounts"."system_code" IS NOT NULL AND "ledger_accounts"."kind" = 'system')),
	CONSTRAINT "ledger_accounts_user_balance_not_negative" CHECK ("ledger_accounts"."user_id" IS NULL OR "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_kind_known" CHECK ("ledger_transfers"."kind" IN ('deposit', 'bonus', 'bet', 'win', 'adjustment', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"provider_ref" text,
	"pay_to_card" text,
	"pay_to_phone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"credit_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_status_known" CHECK ("billing_invoices"."status" IN (1, 2, 3, 4, 5)),
	CONSTRAINT "billing_invoices_amount_positive" CHECK ("billing_invoices"."amount_minor" > 0),
	CONSTRAINT "billing_invoices_paid_credited" CHECK (("billing_invoices"."status" = 3) = ("billing_invoices"."credit_transfer_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"invoice_id" integer,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text,
	"name_kz" text,
	"currency" text NOT NULL,
	"region" text,
	"min_minor" bigint,
	"max_minor" bigint,
	"default_minor" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_methods_type_known" CHECK ("payment_methods"."type" IN ('card', 'phone', 'crypto')),
	CONSTRAINT "payment_methods_currency_known" CHECK ("payment_methods"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
	CONSTRAINT "payment_methods_region_known" CHECK ("payment_methods"."region" IS NULL OR "payment_methods"."region" IN ('KZ', 'RU')),
	CONSTRAINT "payment_methods_limits" CHECK (("payment_methods"."min_minor" IS NULL OR "payment_methods"."min_minor" > 0)
        AND ("payment_methods"."min_minor" IS NULL OR "payment_methods"."max_minor" IS NULL OR "payment_methods"."min_minor" <= "payment_methods"."max_minor"))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_credit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("credit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_webhook_events" ADD CONSTRAINT "billing_webhook_events_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_key_unique" ON "ledger_accounts" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_unique" ON "ledger_accounts" USING btree ("user_id","currency","kind") WHERE "ledger_accounts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transfer_account_unique" ON "ledger_entries" USING btree ("transfer_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key_unique" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_hash_unique" ON "billing_invoices" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_user_key_unique" ON "billing_invoices" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_credit_unique" ON "billing_invoices" USING btree ("credit_transfer_id");--> statement-breakpoint
CREATE INDEX "billing_invoices_user_idx" ON "billing_invoices" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_hash_unique" ON "payment_methods" USING btree ("hash");