CREATE TABLE "player_loss_days" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"net_loss_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "player_loss_days_user_id_currency_day_pk" PRIMARY KEY("user_id","currency","day")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	CONSTRAINT "audit_log_actor_shape" CHECK ("audit_log"."actor" ~ '^(operator:.+|player:[0-9]+|system)$'),
	CONSTRAINT "audit_log_action_shape" CHECK ("audit_log"."action" ~ '^[a-z_]+\.[a-z_]+$')
);
--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "player_limits_kind_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "player_loss_days" ADD CONSTRAINT "player_loss_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_kind_known" CHECK ("player_limits"."kind" IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'session_minutes', 'reality_check_minutes'));--> statement-breakpoint
-- The audit log is append-only, like the ledger's history (0012): an entry, once written, stays.
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
