CREATE TABLE "message_mails" (
	"client_person_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_author_valid" CHECK ("messages"."author" in ('coach', 'client')),
	CONSTRAINT "messages_text_length" CHECK (char_length("messages"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"coach_person_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_mails" ADD CONSTRAINT "message_mails_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mails" ADD CONSTRAINT "message_mails_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("client_person_id","coach_person_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_coach_unread_idx" ON "messages" USING btree ("coach_person_id","client_person_id") WHERE "messages"."author" = 'client' and "messages"."read_at" is null and "messages"."deleted_at" is null;