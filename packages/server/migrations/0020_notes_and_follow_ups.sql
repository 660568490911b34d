CREATE TABLE "client_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"text" text NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "client_notes_text_length" CHECK (char_length("client_notes"."text") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ending" text,
	CONSTRAINT "follow_ups_reason_length" CHECK (char_length("follow_ups"."reason") <= 200),
	CONSTRAINT "follow_ups_ending_valid" CHECK ("follow_ups"."ending" is null or "follow_ups"."ending" in ('done', 'acted', 'dropped')),
	CONSTRAINT "follow_ups_ended_with_ending" CHECK (("follow_ups"."ended_at" is null) = ("follow_ups"."ending" is null))
);
--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_notes_list_idx" ON "client_notes" USING btree ("client_person_id","coach_person_id","written_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_open_idx" ON "follow_ups" USING btree ("client_person_id","coach_person_id") WHERE "follow_ups"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "follow_ups_coach_due_idx" ON "follow_ups" USING btree ("coach_person_id","due_date") WHERE "follow_ups"."ended_at" is null;