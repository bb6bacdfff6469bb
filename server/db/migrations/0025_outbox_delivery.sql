ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status_known";--> statement-breakpoint
DROP INDEX "outbox_messages_pending";--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
-- Issue 20: the outbox's rows are delivered by the delivery job; what waited as `pending` is `queued`, due at once.
UPDATE "outbox_messages" SET "status" = 'queued', "next_attempt_at" = "created_at" WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_due" ON "outbox_messages" USING btree ("next_attempt_at","id") WHERE "outbox_messages"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_known" CHECK ("outbox_messages"."status" IN ('queued', 'sent', 'failed'));