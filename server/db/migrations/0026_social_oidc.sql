CREATE TABLE "social_login_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"payload" jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_register_method_known";--> statement-breakpoint
CREATE INDEX "social_login_flows_expires" ON "social_login_flows" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_register_method_known" CHECK ("users"."register_method" IN ('email', 'phone', 'google', 'telegram', 'vk', 'yandex'));