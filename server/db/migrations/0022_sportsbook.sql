CREATE TABLE "sport_bet_legs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sport_bet_legs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bet_id" integer NOT NULL,
	"position" integer NOT NULL,
	"event_id" text NOT NULL,
	"market_id" text NOT NULL,
	"outcome_id" text NOT NULL,
	"code" text NOT NULL,
	"odds_milli" integer NOT NULL,
	"result" text,
	"results_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sport_bet_legs_result_known" CHECK ("sport_bet_legs"."result" IS NULL OR "sport_bet_legs"."result" IN ('won', 'lost', 'void'))
);
--> statement-breakpoint
CREATE TABLE "sport_bets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sport_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"system_k" integer,
	"stake_minor" bigint NOT NULL,
	"odds_milli" bigint,
	"potential_payout_minor" bigint NOT NULL,
	"accept" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"unrecovered_minor" bigint DEFAULT 0 NOT NULL,
	"settle_count" integer DEFAULT 0 NOT NULL,
	"wager_counted" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"stake_transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sport_bets_kind_known" CHECK ("sport_bets"."kind" IN ('single', 'express', 'system')),
	CONSTRAINT "sport_bets_status_known" CHECK ("sport_bets"."status" IN ('open', 'won', 'lost', 'void', 'cashed_out')),
	CONSTRAINT "sport_bets_stake_positive" CHECK ("sport_bets"."stake_minor" > 0),
	CONSTRAINT "sport_bets_payout" CHECK ("sport_bets"."payout_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sport_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"league_id" text NOT NULL,
	"league_name" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"score" jsonb,
	"clock" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_events_status_known" CHECK ("sport_events"."status" IN ('prematch', 'live', 'finished', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sport_limits" (
	"currency" text PRIMARY KEY NOT NULL,
	"min_stake_minor" bigint NOT NULL,
	"max_stake_minor" bigint NOT NULL,
	"max_payout_minor" bigint NOT NULL,
	"max_event_stake_minor" bigint NOT NULL,
	"max_event_payout_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_markets" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"key" text NOT NULL,
	"period" integer,
	"line" double precision,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"operator_status" text,
	"outcomes" jsonb NOT NULL,
	"results_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_markets_status_known" CHECK ("sport_markets"."status" IN ('open', 'suspended', 'closed', 'settled')),
	CONSTRAINT "sport_markets_operator_status_known" CHECK ("sport_markets"."operator_status" IS NULL OR "sport_markets"."operator_status" IN ('suspended', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_market_id_sport_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sport_markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_stake_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("stake_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_markets" ADD CONSTRAINT "sport_markets_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bet_legs_event_unique" ON "sport_bet_legs" USING btree ("bet_id","event_id");--> statement-breakpoint
CREATE INDEX "sport_bet_legs_market_idx" ON "sport_bet_legs" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "sport_bet_legs_unsettled_idx" ON "sport_bet_legs" USING btree ("market_id") WHERE "sport_bet_legs"."results_version" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bets_user_key_unique" ON "sport_bets" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sport_bets_user_idx" ON "sport_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sport_events_status_idx" ON "sport_events" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "sport_markets_event_idx" ON "sport_markets" USING btree ("event_id","position");