CREATE TABLE "morning_mail_claims" (
	"organisation_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"mail_id" uuid,
	"client_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "morning_mail_claims_pkey" PRIMARY KEY("coach_person_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_sent_has_no_body";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "timezone_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "morning_mail_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "morning_mail_hour" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "morning_mail_claims" ADD CONSTRAINT "morning_mail_claims_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "morning_mail_claims" ADD CONSTRAINT "morning_mail_claims_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "morning_mail_claims_date_idx" ON "morning_mail_claims" USING btree ("organisation_id","local_date");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sent_has_no_body" CHECK ("mail_outbox"."sent_at" is null or ("mail_outbox"."recipient" is null and "mail_outbox"."subject" is null and "mail_outbox"."text" is null and "mail_outbox"."html" is null));--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_morning_mail_hour_valid" CHECK ("persons"."morning_mail_hour" between 0 and 23);