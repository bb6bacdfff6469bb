CREATE TABLE "billing_payment_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_payment_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"reason" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"credit_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "billing_payment_reviews_reason_known" CHECK ("billing_payment_reviews"."reason" IN ('amount_mismatch', 'paid_after_failed')),
	CONSTRAINT "billing_payment_reviews_status_known" CHECK ("billing_payment_reviews"."status" IN ('open', 'credited', 'refused')),
	CONSTRAINT "billing_payment_reviews_amount_positive" CHECK ("billing_payment_reviews"."amount_minor" > 0),
	CONSTRAINT "billing_payment_reviews_credited" CHECK (("billing_payment_reviews"."status" = 'credited') = ("billing_payment_reviews"."credit_transfer_id" IS NOT NULL)),
	CONSTRAINT "billing_payment_reviews_resolved" CHECK (("billing_payment_reviews"."status" = 'open') = ("billing_payment_reviews"."resolved_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "billing_payment_reviews" ADD CONSTRAINT "billing_payment_reviews_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_reviews" ADD CONSTRAINT "billing_payment_reviews_credit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("credit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_reviews_event_unique" ON "billing_payment_reviews" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "billing_payment_reviews_invoice_idx" ON "billing_payment_reviews" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_payment_reviews_open_idx" ON "billing_payment_reviews" USING btree ("invoice_id") WHERE "billing_payment_reviews"."status" = 'open';