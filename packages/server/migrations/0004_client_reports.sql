CREATE TABLE "client_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"step" text NOT NULL,
	"step_day" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_reports_step_valid" CHECK ("client_reports"."step" in ('learn', 'sense', 'grow')),
	CONSTRAINT "client_reports_period_valid" CHECK ("client_reports"."period_from" <= "client_reports"."period_to"),
	CONSTRAINT "client_reports_size_valid" CHECK ("client_reports"."byte_size" = octet_length("client_reports"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_reports_client_coach_created_idx" ON "client_reports" USING btree ("client_person_id","coach_person_id","created_at");