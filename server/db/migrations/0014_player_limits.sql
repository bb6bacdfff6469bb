CREATE TABLE "player_limits" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"next_amount_minor" bigint,
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_limits_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "player_limits_kind_known" CHECK ("player_limits"."kind" IN ('deposit_day', 'deposit_week', 'deposit_month')),
	CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount_minor" IS NULL OR "player_limits"."amount_minor" > 0),
	CONSTRAINT "player_limits_next_amount_positive" CHECK ("player_limits"."next_amount_minor" IS NULL OR "player_limits"."next_amount_minor" > 0),
	CONSTRAINT "player_limits_next_has_time" CHECK ("player_limits"."next_amount_minor" IS NULL OR "player_limits"."next_from" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;