CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_device_tags" (
	"user_id" integer NOT NULL,
	"tag" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_device_tags_user_id_tag_pk" PRIMARY KEY("user_id","tag")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text,
	"email" text,
	"phone" text,
	"password_hash" text,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"locale" text,
	"timezone" text,
	"register_method" text NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_phone_verified" boolean DEFAULT false NOT NULL,
	"is_avatar_hidden" boolean DEFAULT false NOT NULL,
	"is_statistics_hidden" boolean DEFAULT false NOT NULL,
	"avatar_url" text,
	"premium_status" boolean DEFAULT false NOT NULL,
	"verification_required" boolean DEFAULT false NOT NULL,
	"verification_status" text,
	"super_bonus_tag" text NOT NULL,
	"fpp" text,
	"partner" text,
	"adplace" text,
	"stag" text,
	"promo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_currency_known" CHECK ("users"."currency" IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
	CONSTRAINT "users_locale_known" CHECK ("users"."locale" IS NULL OR "users"."locale" IN ('ru', 'en', 'kz')),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" IS NULL OR "users"."email" = lower("users"."email")),
	CONSTRAINT "users_phone_e164" CHECK ("users"."phone" IS NULL OR "users"."phone" ~ '^\+[1-9][0-9]{9,14}$'),
	CONSTRAINT "users_register_method_known" CHECK ("users"."register_method" IN ('email', 'phone', 'google', 'telegram', 'vk'))
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_purpose_known" CHECK ("one_time_codes"."purpose" IN ('login', 'verify', 'reset')),
	CONSTRAINT "one_time_codes_channel_known" CHECK ("one_time_codes"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_reset_tokens_kind_known" CHECK ("password_reset_tokens"."kind" IN ('link', 'reset')),
	CONSTRAINT "password_reset_tokens_channel_known" CHECK ("password_reset_tokens"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"email" text,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "token_families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"current_jti" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone,
	"refresh_until" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"code" text,
	"link" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel_known" CHECK ("outbox_messages"."channel" IN ('email', 'sms')),
	CONSTRAINT "outbox_messages_status_known" CHECK ("outbox_messages"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "vip_requests" (
	"user_id" integer NOT NULL,
	"request_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_requests_user_id_request_type_pk" PRIMARY KEY("user_id","request_type")
);
--> statement-breakpoint
ALTER TABLE "user_device_tags" ADD CONSTRAINT "user_device_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_families" ADD CONSTRAINT "token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_requests" ADD CONSTRAINT "vip_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_device_tags_tag" ON "user_device_tags" USING btree ("tag");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_super_bonus_tag_unique" ON "users" USING btree ("super_bonus_tag");--> statement-breakpoint
CREATE INDEX "one_time_codes_lookup" ON "one_time_codes" USING btree ("purpose","address","id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "social_identities_user" ON "social_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "token_families_user" ON "token_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient" ON "outbox_messages" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_pending" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."status" = 'pending';