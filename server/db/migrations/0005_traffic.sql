CREATE TABLE "ad_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adv_id" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_term" text NOT NULL,
	"params" jsonb NOT NULL,
	"campaign_id" integer,
	"ip" text NOT NULL,
	"user_agent" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"host" text NOT NULL,
	"user_agent" text NOT NULL,
	"ip" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mirrors" (
	"domain" text PRIMARY KEY NOT NULL,
	"new_link" text,
	"sso" text,
	"verification" text,
	"revshare_service_frontend_url" text,
	"telegram_channel_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mirrors_domain_normalised" CHECK ("mirrors"."domain" = lower("mirrors"."domain") AND "mirrors"."domain" !~ '^www\.'),
	CONSTRAINT "mirrors_new_link_origin" CHECK ("mirrors"."new_link" IS NULL OR "mirrors"."new_link" ~ '^https?://[^/?#]+$')
);
--> statement-breakpoint
CREATE TABLE "page_open_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_open_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sub_h" text NOT NULL,
	"uuid" text,
	"click_url" text,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirect_rules" (
	"source_path" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"status" smallint DEFAULT 302 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirect_rules_status_known" CHECK ("redirect_rules"."status" IN (301, 302)),
	CONSTRAINT "redirect_rules_source_path" CHECK ("redirect_rules"."source_path" ~ '^/' AND "redirect_rules"."source_path" = lower("redirect_rules"."source_path")),
	CONSTRAINT "redirect_rules_target" CHECK ("redirect_rules"."target" ~ '^(/[^/]|/$|https?://)')
);
--> statement-breakpoint
CREATE TABLE "traffic_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traffic_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"params" jsonb NOT NULL,
	"stag" text,
	"partner" text,
	"adplace" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"sub_h" text,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_attribution" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"stag" text,
	"promo" text,
	"partner_id" text,
	"adv_id" text,
	"advertise_uid" text,
	"advertise_source" text,
	"cpa_one_uid" text,
	"pr_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utm_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "utm_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"promo_type" text NOT NULL,
	"promo_value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utm_campaigns_lower_case" CHECK ("utm_campaigns"."utm_source" = lower("utm_campaigns"."utm_source") AND "utm_campaigns"."utm_campaign" = lower("utm_campaigns"."utm_campaign")),
	CONSTRAINT "utm_campaigns_value_type" CHECK (jsonb_typeof("utm_campaigns"."promo_value") IN ('string', 'number'))
);
--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_campaign_id_utm_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."utm_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribution" ADD CONSTRAINT "user_attribution_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_clicks_adv_id_unique" ON "ad_clicks" USING btree ("adv_id");--> statement-breakpoint
CREATE INDEX "ad_clicks_dedupe_idx" ON "ad_clicks" USING btree ("dedupe_key","created_at");--> statement-breakpoint
CREATE INDEX "ad_clicks_utm_idx" ON "ad_clicks" USING btree ("utm_source","utm_campaign");--> statement-breakpoint
CREATE INDEX "client_reports_user_idx" ON "client_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "page_open_events_sub_h_idx" ON "page_open_events" USING btree ("sub_h","created_at");--> statement-breakpoint
CREATE INDEX "traffic_visits_stag_idx" ON "traffic_visits" USING btree ("stag","created_at");--> statement-breakpoint
CREATE INDEX "traffic_visits_partner_idx" ON "traffic_visits" USING btree ("partner","created_at");--> statement-breakpoint
CREATE INDEX "traffic_visits_utm_idx" ON "traffic_visits" USING btree ("utm_source","utm_campaign","created_at");--> statement-breakpoint
CREATE INDEX "user_attribution_stag_idx" ON "user_attribution" USING btree ("stag");--> statement-breakpoint
CREATE INDEX "user_attribution_partner_idx" ON "user_attribution" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "user_attribution_adv_idx" ON "user_attribution" USING btree ("adv_id");--> statement-breakpoint
CREATE UNIQUE INDEX "utm_campaigns_source_campaign_unique" ON "utm_campaigns" USING btree ("utm_source","utm_campaign");