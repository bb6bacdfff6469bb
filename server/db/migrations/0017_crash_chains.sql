CREATE TABLE "crash_chains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_chains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminating_hash" text NOT NULL,
	"length" integer NOT NULL,
	"salt" text,
	"salt_set_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crash_chains_length_positive" CHECK ("crash_chains"."length" > 0),
	CONSTRAINT "crash_chains_salt_with_time" CHECK (("crash_chains"."salt" IS NULL) = ("crash_chains"."salt_set_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "crash_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"crash_point" integer,
	"started_at" timestamp with time zone,
	"busted_at" timestamp with time zone,
	CONSTRAINT "crash_games_status_known" CHECK ("crash_games"."status" IN ('pending', 'running', 'busted')),
	CONSTRAINT "crash_games_point" CHECK ("crash_games"."crash_point" IS NULL OR "crash_games"."crash_point" >= 100),
	CONSTRAINT "crash_games_busted_has_time" CHECK (("crash_games"."status" = 'busted') = ("crash_games"."busted_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "crash_games" ADD CONSTRAINT "crash_games_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_terminating_unique" ON "crash_chains" USING btree ("terminating_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_games_chain_position_unique" ON "crash_games" USING btree ("chain_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_games_hash_unique" ON "crash_games" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "crash_games_busted_idx" ON "crash_games" USING btree ("id") WHERE "crash_games"."status" = 'busted';