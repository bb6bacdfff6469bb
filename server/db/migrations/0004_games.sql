CREATE TABLE "fair_seed_pairs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fair_seed_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_bets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"multiplier_scaled" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"seed_pair_id" integer NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"params" jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_bets_game_known" CHECK ("game_bets"."game" IN ('dice', 'coinflip', 'keno', 'roulette', 'hilo', 'miner', 'cases')),
	CONSTRAINT "game_bets_status_known" CHECK ("game_bets"."status" IN ('open', 'won', 'lost', 'cashed_out')),
	CONSTRAINT "game_bets_amount_positive" CHECK ("game_bets"."amount_minor" > 0),
	CONSTRAINT "game_bets_payout_not_negative" CHECK ("game_bets"."payout_minor" >= 0),
	CONSTRAINT "game_bets_currency_known" CHECK ("game_bets"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR'))
);
--> statement-breakpoint
CREATE TABLE "game_case_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_case_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_kz" text NOT NULL,
	"rolls" integer NOT NULL,
	"multiplier_scaled" integer NOT NULL,
	"rarity" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "game_case_items_rolls" CHECK ("game_case_items"."rolls" BETWEEN 1 AND 100000),
	CONSTRAINT "game_case_items_multiplier" CHECK ("game_case_items"."multiplier_scaled" >= 0),
	CONSTRAINT "game_case_items_rarity_known" CHECK ("game_case_items"."rarity" IN ('common', 'uncommon', 'rare', 'epic', 'legendary'))
);
--> statement-breakpoint
CREATE TABLE "game_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_kz" text NOT NULL,
	"prices" jsonb NOT NULL,
	"image" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_cases_slug_format" CHECK ("game_cases"."slug" ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
--> statement-breakpoint
ALTER TABLE "fair_seed_pairs" ADD CONSTRAINT "fair_seed_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_seed_pair_id_fair_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."fair_seed_pairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_case_items" ADD CONSTRAINT "game_case_items_case_id_game_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."game_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seed_pairs_active_unique" ON "fair_seed_pairs" USING btree ("user_id") WHERE "fair_seed_pairs"."active";--> statement-breakpoint
CREATE INDEX "fair_seed_pairs_user_idx" ON "fair_seed_pairs" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_user_idempotency_unique" ON "game_bets" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_one_open_round" ON "game_bets" USING btree ("user_id","game") WHERE "game_bets"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_seed_nonce_unique" ON "game_bets" USING btree ("seed_pair_id","nonce");--> statement-breakpoint
CREATE INDEX "game_bets_user_idx" ON "game_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "game_bets_user_game_idx" ON "game_bets" USING btree ("user_id","game","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_case_items_position_unique" ON "game_case_items" USING btree ("case_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "game_cases_slug_unique" ON "game_cases" USING btree ("slug");