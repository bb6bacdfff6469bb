CREATE TABLE "crash_bets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"game_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"auto_cashout" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"cashed_out_at" integer,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"stake_transfer_id" bigint NOT NULL,
	"settle_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_status_known" CHECK ("crash_bets"."status" IN ('active', 'cashed_out', 'lost', 'refunded')),
	CONSTRAINT "crash_bets_amount_positive" CHECK ("crash_bets"."amount_minor" > 0),
	CONSTRAINT "crash_bets_auto_cashout" CHECK ("crash_bets"."auto_cashout" IS NULL OR "crash_bets"."auto_cashout" >= 101),
	CONSTRAINT "crash_bets_cashed_out" CHECK (("crash_bets"."status" = 'cashed_out') = ("crash_bets"."cashed_out_at" IS NOT NULL AND "crash_bets"."settle_transfer_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_game_id_crash_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."crash_games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_stake_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("stake_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_settle_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("settle_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_game_user_unique" ON "crash_bets" USING btree ("game_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_user_key_unique" ON "crash_bets" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "crash_bets_user_idx" ON "crash_bets" USING btree ("user_id","id");