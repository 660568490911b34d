CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"recipient" text,
	"subject" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error_kind" text,
	"sent_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_sent_has_no_body" CHECK ("mail_outbox"."sent_at" is null or ("mail_outbox"."recipient" is null and "mail_outbox"."subject" is null and "mail_outbox"."text" is null)),
	CONSTRAINT "mail_outbox_pending_has_body" CHECK ("mail_outbox"."sent_at" is not null or ("mail_outbox"."recipient" is not null and "mail_outbox"."subject" is not null and "mail_outbox"."text" is not null)),
	CONSTRAINT "mail_outbox_attempts_valid" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."dead_at" is null;