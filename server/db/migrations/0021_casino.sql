CREATE TABLE "free_round_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_round_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reward_uuid" text NOT NULL,
	"user_free_spin_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "free_round_rewards_status_known" CHECK ("free_round_rewards"."status" IN ('pending', 'created', 'cancel_pending', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "casino_favourites" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "casino_favourites_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "casino_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" integer NOT NULL,
	"category" text NOT NULL,
	"live" boolean NOT NULL,
	"thumbnail_url" text,
	"background_url" text,
	"rtp" numeric(7, 4),
	"volatility" text,
	"demo" boolean DEFAULT false NOT NULL,
	"freebet" boolean DEFAULT false NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"release_date" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"disabled_by_operator" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 1000 NOT NULL,
	"tag_new" boolean DEFAULT false NOT NULL,
	"tag_popular" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_games_code_format" CHECK ("casino_games"."code" ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$'),
	CONSTRAINT "casino_games_volatility_known" CHECK ("casino_games"."volatility" IS NULL OR "casino_games"."volatility" IN ('low', 'medium', 'high')),
	CONSTRAINT "casino_games_rtp_range" CHECK ("casino_games"."rtp" IS NULL OR ("casino_games"."rtp" > 0 AND "casino_games"."rtp" <= 200)),
	CONSTRAINT "casino_games_platforms_array" CHECK (jsonb_typeof("casino_games"."platforms") = 'array'),
	CONSTRAINT "casino_games_blocked_array" CHECK (jsonb_typeof("casino_games"."blocked_countries") = 'array')
);
--> statement-breakpoint
CREATE TABLE "casino_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "casino_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_recent_games" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"last_launched_at" timestamp with time zone NOT NULL,
	"launches" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "casino_recent_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_activations" DROP CONSTRAINT "bonus_activations_source_known";--> statement-breakpoint
ALTER TABLE "bonus_activations" DROP CONSTRAINT "bonus_activations_origin";--> statement-breakpoint
ALTER TABLE "bonus_activations" DROP CONSTRAINT "bonus_activations_credited";--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD COLUMN "user_free_spin_id" integer;--> statement-breakpoint
ALTER TABLE "aggregator_transactions" ADD COLUMN "reward_uuid" text;--> statement-breakpoint
ALTER TABLE "free_round_rewards" ADD CONSTRAINT "free_round_rewards_user_free_spin_id_user_free_spins_id_fk" FOREIGN KEY ("user_free_spin_id") REFERENCES "public"."user_free_spins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_favourites" ADD CONSTRAINT "casino_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_favourites" ADD CONSTRAINT "casino_favourites_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_games" ADD CONSTRAINT "casino_games_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_recent_games" ADD CONSTRAINT "casino_recent_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_recent_games" ADD CONSTRAINT "casino_recent_games_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_round_rewards_uuid_unique" ON "free_round_rewards" USING btree ("reward_uuid");--> statement-breakpoint
CREATE INDEX "free_round_rewards_spins_idx" ON "free_round_rewards" USING btree ("user_free_spin_id");--> statement-breakpoint
CREATE INDEX "free_round_rewards_due_idx" ON "free_round_rewards" USING btree ("next_attempt_at") WHERE "free_round_rewards"."status" IN ('pending', 'cancel_pending');--> statement-breakpoint
CREATE UNIQUE INDEX "casino_games_code_unique" ON "casino_games" USING btree ("code");--> statement-breakpoint
CREATE INDEX "casino_games_provider_idx" ON "casino_games" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_providers_code_unique" ON "casino_providers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "casino_recent_games_user_idx" ON "casino_recent_games" USING btree ("user_id","last_launched_at");--> statement-breakpoint
CREATE INDEX "casino_recent_games_game_idx" ON "casino_recent_games" USING btree ("game_id","last_launched_at");--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_user_free_spin_id_user_free_spins_id_fk" FOREIGN KEY ("user_free_spin_id") REFERENCES "public"."user_free_spins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_activations_free_spins_idx" ON "bonus_activations" USING btree ("user_free_spin_id") WHERE "bonus_activations"."user_free_spin_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_source_known" CHECK ("bonus_activations"."source" IN ('promo', 'welcome_pack', 'free_spins'));--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_origin" CHECK (("bonus_activations"."source" = 'promo' AND "bonus_activations"."promo_id" IS NOT NULL AND "bonus_activations"."stage" IS NULL
            AND "bonus_activations"."user_free_spin_id" IS NULL)
        OR ("bonus_activations"."source" = 'welcome_pack' AND "bonus_activations"."stage" IS NOT NULL AND "bonus_activations"."promo_id" IS NULL
            AND "bonus_activations"."user_free_spin_id" IS NULL AND "bonus_activations"."status" <> 'waiting')
        OR ("bonus_activations"."source" = 'free_spins' AND "bonus_activations"."user_free_spin_id" IS NOT NULL AND "bonus_activations"."promo_id" IS NULL
            AND "bonus_activations"."stage" IS NULL AND "bonus_activations"."status" <> 'waiting'));--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_credited" CHECK ("bonus_activations"."status" NOT IN ('active', 'wagered')
        OR ("bonus_activations"."amount_minor" > 0 AND "bonus_activations"."credited_at" IS NOT NULL
            AND ("bonus_activations"."invoice_id" IS NOT NULL OR "bonus_activations"."source" = 'free_spins')));