CREATE TABLE "client_reviews" (
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"flags" jsonb NOT NULL,
	"unread_messages" integer NOT NULL,
	CONSTRAINT "client_reviews_pkey" PRIMARY KEY("client_person_id","coach_person_id","day")
);
--> statement-breakpoint
ALTER TABLE "client_list_entries" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD CONSTRAINT "client_reviews_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD CONSTRAINT "client_reviews_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD CONSTRAINT "client_reviews_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_reviews_coach_idx" ON "client_reviews" USING btree ("coach_person_id");