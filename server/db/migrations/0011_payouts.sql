CREATE TABLE "payout_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text,
	"name_kz" text,
	"currency" text NOT NULL,
	"min_minor" bigint,
	"max_minor" bigint,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_methods_type_known" CHECK ("payout_methods"."type" IN ('card', 'phone', 'crypto')),
	CONSTRAINT "payout_methods_currency_known" CHECK ("payout_methods"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
	CONSTRAINT "payout_methods_fee_not_negative" CHECK ("payout_methods"."fee_minor" >= 0),
	CONSTRAINT "payout_methods_limits" CHECK (("payout_methods"."min_minor" IS NULL OR "payout_methods"."min_minor" > 0)
        AND ("payout_methods"."min_minor" IS NULL OR "payout_methods"."max_minor" IS NULL OR "payout_methods"."min_minor" <= "payout_methods"."max_minor"))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"review_reasons" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reviewer" text,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"provider_ref" text,
	"failure_reason" text,
	"hold_transfer_id" bigint NOT NULL,
	"settle_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" IN ('review', 'approved', 'sent', 'paid', 'failed', 'rejected', 'cancelled')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_fee_below_amount" CHECK ("payouts"."fee_minor" >= 0 AND "payouts"."fee_minor" < "payouts"."amount_minor"),
	CONSTRAINT "payouts_settled" CHECK (("payouts"."status" IN ('paid', 'failed', 'rejected', 'cancelled')) = ("payouts"."settle_transfer_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settle_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("settle_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_hash_unique" ON "payout_methods" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_user_key_unique" ON "payouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_ref_unique" ON "payouts" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_hold_unique" ON "payouts" USING btree ("hold_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_settle_unique" ON "payouts" USING btree ("settle_transfer_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");