CREATE TABLE "vip_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"points_rub_minor" bigint DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"level_floor" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_rakeback" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"accrued_micro" bigint DEFAULT 0 NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_rakeback_user_id_currency_pk" PRIMARY KEY("user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "vip_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"slot" text NOT NULL,
	"level" integer NOT NULL,
	"week" text,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_rewards_kind_known" CHECK ("vip_rewards"."kind" IN ('level_up', 'weekly')),
	CONSTRAINT "vip_rewards_amount" CHECK ("vip_rewards"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "activity_daily" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"wagered_minor" bigint NOT NULL,
	"wagered_rub_minor" bigint NOT NULL,
	CONSTRAINT "activity_daily_user_id_day_currency_pk" PRIMARY KEY("user_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "bet_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bet_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"bet_stake_minor" bigint NOT NULL,
	"stake_rub_minor" bigint NOT NULL,
	"payout_rub_minor" bigint NOT NULL,
	"multiplier_scaled" bigint NOT NULL,
	"edge_bp" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "bet_activity_key_unique" UNIQUE("key"),
	CONSTRAINT "bet_activity_kind_known" CHECK ("bet_activity"."kind" IN ('bet', 'win', 'rollback')),
	CONSTRAINT "bet_activity_category_known" CHECK ("bet_activity"."category" IN ('originals', 'slots', 'live', 'sports'))
);
--> statement-breakpoint
CREATE TABLE "tournament_contributions" (
	"tournament_id" integer NOT NULL,
	"ref" text NOT NULL,
	"user_id" integer NOT NULL,
	"stake_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "tournament_contributions_tournament_id_ref_pk" PRIMARY KEY("tournament_id","ref")
);
--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"tournament_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone,
	"points" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"place" integer,
	"prize_minor" bigint,
	"paid_at" timestamp with time zone,
	CONSTRAINT "tournament_entries_tournament_id_user_id_pk" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournaments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"games" jsonb NOT NULL,
	"min_stake_minor" bigint,
	"requires_join" boolean DEFAULT false NOT NULL,
	"pool_minor" bigint DEFAULT 0 NOT NULL,
	"prizes" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_kind_known" CHECK ("tournaments"."kind" IN ('wager', 'multiplier')),
	CONSTRAINT "tournaments_state_known" CHECK ("tournaments"."state" IN ('open', 'finished', 'cancelled')),
	CONSTRAINT "tournaments_period" CHECK ("tournaments"."ends_at" > "tournaments"."starts_at"),
	CONSTRAINT "tournaments_pool" CHECK ("tournaments"."pool_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"href" text NOT NULL,
	"theme" text DEFAULT 'gold' NOT NULL,
	"position" integer DEFAULT 100 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_banners_theme_known" CHECK ("promo_banners"."theme" IN ('gold', 'violet', 'emerald', 'crimson')),
	CONSTRAINT "promo_banners_href_internal" CHECK ("promo_banners"."href" LIKE '/%' AND "promo_banners"."href" NOT LIKE '//%')
);
--> statement-breakpoint
ALTER TABLE "bonus_activations" DROP CONSTRAINT "bonus_activations_source_known";--> statement-breakpoint
ALTER TABLE "bonus_activations" DROP CONSTRAINT "bonus_activations_origin";--> statement-breakpoint
ALTER TABLE "bonus_activations" DROP CONSTRAINT "bonus_activations_credited";--> statement-breakpoint
ALTER TABLE "vip_requests" DROP CONSTRAINT "vip_requests_user_id_request_type_pk";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vip_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_requests" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "vip_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "vip_requests" ADD COLUMN "details" text;--> statement-breakpoint
ALTER TABLE "vip_requests" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_requests" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "vip_requests" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "vip_accounts" ADD CONSTRAINT "vip_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_rakeback" ADD CONSTRAINT "vip_rakeback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_rewards" ADD CONSTRAINT "vip_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_daily" ADD CONSTRAINT "activity_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_activity" ADD CONSTRAINT "bet_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_contributions" ADD CONSTRAINT "tournament_contributions_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_rewards_slot_unique" ON "vip_rewards" USING btree ("user_id","slot");--> statement-breakpoint
CREATE INDEX "vip_rewards_user_idx" ON "vip_rewards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "activity_daily_day_idx" ON "activity_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "bet_activity_unprocessed_idx" ON "bet_activity" USING btree ("id") WHERE "bet_activity"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bet_activity_user_idx" ON "bet_activity" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bet_activity_ref_idx" ON "bet_activity" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "bet_activity_at_idx" ON "bet_activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bet_activity_payout_idx" ON "bet_activity" USING btree ("payout_rub_minor");--> statement-breakpoint
CREATE INDEX "bet_activity_multiplier_idx" ON "bet_activity" USING btree ("multiplier_scaled");--> statement-breakpoint
CREATE INDEX "tournament_contributions_user_idx" ON "tournament_contributions" USING btree ("tournament_id","user_id");--> statement-breakpoint
CREATE INDEX "tournament_entries_rank_idx" ON "tournament_entries" USING btree ("tournament_id","points");--> statement-breakpoint
CREATE INDEX "tournaments_state_idx" ON "tournaments" USING btree ("state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_requests_one_pending" ON "vip_requests" USING btree ("user_id","request_type") WHERE "vip_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "vip_requests" ADD CONSTRAINT "vip_requests_status_known" CHECK ("vip_requests"."status" IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_source_known" CHECK ("bonus_activations"."source" IN ('promo', 'welcome_pack', 'free_spins', 'reward'));--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_origin" CHECK (("bonus_activations"."source" = 'promo' AND "bonus_activations"."promo_id" IS NOT NULL AND "bonus_activations"."stage" IS NULL
            AND "bonus_activations"."user_free_spin_id" IS NULL)
        OR ("bonus_activations"."source" = 'welcome_pack' AND "bonus_activations"."stage" IS NOT NULL AND "bonus_activations"."promo_id" IS NULL
            AND "bonus_activations"."user_free_spin_id" IS NULL AND "bonus_activations"."status" <> 'waiting')
        OR ("bonus_activations"."source" = 'free_spins' AND "bonus_activations"."user_free_spin_id" IS NOT NULL AND "bonus_activations"."promo_id" IS NULL
            AND "bonus_activations"."stage" IS NULL AND "bonus_activations"."status" <> 'waiting')
        OR ("bonus_activations"."source" = 'reward' AND "bonus_activations"."promo_id" IS NULL AND "bonus_activations"."stage" IS NULL
            AND "bonus_activations"."user_free_spin_id" IS NULL AND "bonus_activations"."status" <> 'waiting' AND "bonus_activations"."note" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "bonus_activations" ADD CONSTRAINT "bonus_activations_credited" CHECK ("bonus_activations"."status" NOT IN ('active', 'wagered')
        OR ("bonus_activations"."amount_minor" > 0 AND "bonus_activations"."credited_at" IS NOT NULL
            AND ("bonus_activations"."invoice_id" IS NOT NULL OR "bonus_activations"."source" IN ('free_spins', 'reward'))));