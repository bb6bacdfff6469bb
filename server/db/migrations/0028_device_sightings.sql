CREATE TABLE "device_sightings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_sightings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"fingerprint" text,
	"unreadable" boolean DEFAULT false NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_sightings_event_known" CHECK ("device_sightings"."event" IN ('sign_up', 'log_in', 'social')),
	CONSTRAINT "device_sightings_fingerprint_or_unreadable" CHECK (("device_sightings"."fingerprint" IS NULL) = "device_sightings"."unreadable")
);
--> statement-breakpoint
ALTER TABLE "device_sightings" ADD CONSTRAINT "device_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sightings_fingerprint_idx" ON "device_sightings" USING btree ("fingerprint","user_id");--> statement-breakpoint
CREATE INDEX "device_sightings_user_idx" ON "device_sightings" USING btree ("user_id","created_at");