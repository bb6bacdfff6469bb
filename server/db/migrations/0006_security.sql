ALTER TABLE "user_device_tags" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_unredacted_expiry" ON "outbox_messages" USING btree ("expires_at") WHERE "outbox_messages"."expires_at" IS NOT NULL AND "outbox_messages"."redacted_at" IS NULL;--> statement-breakpoint
-- Messages written before this migration carried their code (10 minutes) or reset link (1 hour) too:
-- give them the longest of those lifetimes, so the purge blanks them like the new ones.
UPDATE "outbox_messages" SET "expires_at" = "created_at" + interval '1 hour' WHERE "template" IN ('login_code', 'verify_code', 'password_reset');
