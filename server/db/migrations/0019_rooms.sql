CREATE TABLE "room_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"pot_minor" bigint DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"stakes_count" integer DEFAULT 0 NOT NULL,
	"ends_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	"ticket" bigint,
	"winner_stake_id" integer,
	"winner_user_id" integer,
	"commission_minor" bigint,
	"payout_minor" bigint,
	"payout_transfer_id" bigint,
	CONSTRAINT "room_rounds_room_known" CHECK ("room_rounds"."room" IN ('red', 'yellow', 'purple')),
	CONSTRAINT "room_rounds_status_known" CHECK ("room_rounds"."status" IN ('open', 'drawn')),
	CONSTRAINT "room_rounds_pot" CHECK ("room_rounds"."pot_minor" >= 0),
	CONSTRAINT "room_rounds_drawn" CHECK (("room_rounds"."status" = 'drawn') = ("room_rounds"."drawn_at" IS NOT NULL AND "room_rounds"."ticket" IS NOT NULL AND "room_rounds"."winner_stake_id" IS NOT NULL AND "room_rounds"."payout_transfer_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "room_stakes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_stakes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"stake_transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_stakes_amount_positive" CHECK ("room_stakes"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "room_rounds" ADD CONSTRAINT "room_rounds_winner_user_id_users_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_rounds" ADD CONSTRAINT "room_rounds_payout_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("payout_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_round_id_room_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."room_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_stake_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("stake_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_rounds_open_unique" ON "room_rounds" USING btree ("room","currency") WHERE "room_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "room_rounds_due_idx" ON "room_rounds" USING btree ("ends_at") WHERE "room_rounds"."status" = 'open' AND "room_rounds"."ends_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "room_rounds_history_idx" ON "room_rounds" USING btree ("room","currency","id") WHERE "room_rounds"."status" = 'drawn';--> statement-breakpoint
CREATE UNIQUE INDEX "room_stakes_user_key_unique" ON "room_stakes" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "room_stakes_round_idx" ON "room_stakes" USING btree ("round_id","id");