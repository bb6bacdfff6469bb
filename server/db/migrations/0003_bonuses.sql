CREATE TABLE "bonus_activations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_activations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"promo_id" integer,
	"stage" integer,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"percent" integer NOT NULL,
	"wager" numeric(7, 2) NOT NULL,
	"min_deposit_minor" bigint NOT NULL,
	"max_bonus_minor" bigint NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"wager_required_minor" bigint DEFAULT 0 NOT NULL,
	"wagered_minor" bigint DEFAULT 0 NOT NULL,
	"invoice_id" integer,
	"expires_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_activations_source_known" CHECK ("bonus_activations"."source" IN ('promo', 'welcome_pack')),
	CONSTRAINT "bonus_activations_status_known" CHECK ("bonus_activations"."status" IN ('waiting', 'active', 'wagered', 'cancelled', 'expired')),
	CONSTRAINT "bonus_activations_origin" CHECK (("bonus_activations"."source" = 'promo' AND "bonus_activations"."promo_id" IS NOT NULL AND "bonus_activations"."stage" IS NULL)
        OR ("bonus_activations"."source" = 'welcome_pack' AND "bonus_activations"."stage" IS NOT NULL AND "bonus_activations"."promo_id" IS NULL
            AND "bonus_activations"."status" <> 'waiting')),
	CONSTRAINT "bonus_activations_currency_known" CHECK ("bonus_activations"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
	CONSTRAINT "bonus_activations_percent_range" CHECK ("bonus_activations"."percent" BETWEEN 1 AND 1000),
	CONSTRAINT "bonus_activations_wager_range" CHECK ("bonus_activations"."wager" >= 0 AND "bonus_activations"."wager" <= 1000),
	CONSTRAINT "bonus_activations_amounts" CHECK ("bonus_activations"."min_deposit_minor" >= 0 AND "bonus_activations"."max_bonus_minor" > 0 AND "bonus_activations"."amount_minor" >= 0
        AND "bonus_activations"."amount_minor" <= "bonus_activations"."max_bonus_minor"
        AND "bonus_activations"."wager_required_minor" >= 0 AND "bonus_activations"."wagered_minor" >= 0),
	CONSTRAINT "bonus_activations_waiting_uncredited" CHECK ("bonus_activations"."status" <> 'waiting'
        OR ("bonus_activations"."amount_minor" = 0 AND "bonus_activations"."invoice_id" IS NULL AND "bonus_activations"."expires_at" IS NOT NULL)),
	CONSTRAINT "bonus_activations_credited" CHECK ("bonus_activations"."status" NOT IN ('active', 'wagered')
        OR ("bonus_activations"."amount_minor" > 0 AND "bonus_activations"."invoice_id" IS NOT NULL AND "bonus_activations"."credited_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "free_spin_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_spin_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_ru" text,
	"name_kz" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ru" text,
	"description_kz" text,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"count" integer NOT NULL,
	"bet" jsonb NOT NULL,
	"wager" numeric(7, 2) NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_spin_campaigns_game_id_format" CHECK ("free_spin_campaigns"."game_id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "free_spin_campaigns_count_range" CHECK ("free_spin_campaigns"."count" BETWEEN 1 AND 10000),
	CONSTRAINT "free_spin_campaigns_bet_object" CHECK (jsonb_typeof("free_spin_campaigns"."bet") = 'object'),
	CONSTRAINT "free_spin_campaigns_wager_range" CHECK ("free_spin_campaigns"."wager" >= 0 AND "free_spin_campaigns"."wager" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text,
	"name_kz" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ru" text,
	"description_kz" text,
	"percent" integer NOT NULL,
	"wager" numeric(7, 2) NOT NULL,
	"limits" jsonb NOT NULL,
	"region" text,
	"wait_days" integer DEFAULT 7 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9_-]{1,64}$'),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent" BETWEEN 1 AND 1000),
	CONSTRAINT "promo_codes_wager_range" CHECK ("promo_codes"."wager" >= 0 AND "promo_codes"."wager" <= 1000),
	CONSTRAINT "promo_codes_limits_object" CHECK (jsonb_typeof("promo_codes"."limits") = 'object'),
	CONSTRAINT "promo_codes_region_known" CHECK ("promo_codes"."region" IS NULL OR "promo_codes"."region" IN ('KZ', 'RU')),
	CONSTRAINT "promo_codes_wait_days_range" CHECK ("promo_codes"."wait_days" BETWEEN 1 AND 365),
	CONSTRAINT "promo_codes_dates_ordered" CHECK ("promo_codes"."starts_at" IS NULL OR "promo_codes"."ends_at" IS NULL OR "promo_codes"."starts_at" < "promo_codes"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "user_free_spins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_free_spins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"currency" text NOT NULL,
	"count_left" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expiration_at" timestamp with time zone NOT NULL,
	"activation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_free_spins_count_left_range" CHECK ("user_free_spins"."count_left" BETWEEN 0 AND 10000),
	CONSTRAINT "user_free_spins_status_known" CHECK ("user_free_spins"."status" IN ('active', 'cancelled', 'used', 'expired')),
	CONSTRAINT "user_free_spins_currency_known" CHECK ("user_free_spins"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR'))
);
--> statement-breakpoint
CREATE TABLE "welcome_pack_stages" (
	"stage" integer PRIMARY KEY NOT NULL,
	"deposit_number" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text,
	"title_kz" text,
	"percent" integer NOT NULL,
	"wager" numeric(7, 2) NOT NULL,
	"limits" jsonb NOT NULL,
	"free_spin_campaign_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welcome_pack_stages_stage_range" CHECK ("welcome_pack_stages"."stage" BETWEEN 1 AND 100),
	CONSTRAINT "welcome_pack_stages_deposit_number_range" CHECK ("welcome_pack_stages"."deposit_number" BETWEEN 1 AND 1000),
	CONSTRAINT "welcome_pack_stages_percent_range" CHECK ("welcome_pack_stages"."percent" BETWEEN 1 AND 1000),
	CONSTRAINT "welcome_pack_stages_wager_range" CHECK ("welcome_pack_stages"."wager" >= 0 AND "welcome_pack_stages"."wager" <= 1000),
	CONSTRAINT "welcome_pack_stages_limits_object" CHECK (jsonb_typeof("welcome_pack_stages"."limits") = 'object')
);
--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_promo_id_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_stage_welcome_pack_stages_stage_fk" FOREIGN KEY ("stage") REFERENCES "public"."welcome_pack_stages"("stage") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_free_spins" ADD CONSTRAINT "user_free_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_free_spins" ADD CONSTRAINT "user_free_spins_campaign_id_free_spin_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."free_spin_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_free_spins" ADD CONSTRAINT "user_free_spins_activation_id_bonus_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."bonus_activations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_pack_stages" ADD CONSTRAINT "welcome_pack_stages_free_spin_campaign_id_free_spin_campaigns_id_fk" FOREIGN KEY ("free_spin_campaign_id") REFERENCES "public"."free_spin_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_activations_user_idx" ON "bonus_activations" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_activations_one_waiting_promo" ON "bonus_activations" USING btree ("user_id") WHERE "bonus_activations"."source" = 'promo' AND "bonus_activations"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_activations_stage_once" ON "bonus_activations" USING btree ("user_id","stage") WHERE "bonus_activations"."source" = 'welcome_pack';--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_activations_invoice_unique" ON "bonus_activations" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "user_free_spins_user_campaign_unique" ON "user_free_spins" USING btree ("user_id","campaign_id");--> statement-breakpoint
CREATE INDEX "user_free_spins_user_idx" ON "user_free_spins" USING btree ("user_id","status","expiration_at");--> statement-breakpoint
CREATE UNIQUE INDEX "welcome_pack_stages_deposit_number_unique" ON "welcome_pack_stages" USING btree ("deposit_number");