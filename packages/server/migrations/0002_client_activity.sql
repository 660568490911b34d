CREATE TABLE "client_phase_totals" (
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"step" text NOT NULL,
	"productivity_sum" double precision DEFAULT 0 NOT NULL,
	"productivity_days" integer DEFAULT 0 NOT NULL,
	"mental_sum" double precision DEFAULT 0 NOT NULL,
	"mental_days" integer DEFAULT 0 NOT NULL,
	"physical_sum" double precision DEFAULT 0 NOT NULL,
	"physical_days" integer DEFAULT 0 NOT NULL,
	"reflections_completed" integer DEFAULT 0 NOT NULL,
	"exercises_completed" integer DEFAULT 0 NOT NULL,
	"assessments_completed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_phase_totals_pkey" PRIMARY KEY("client_person_id","step"),
	CONSTRAINT "client_phase_totals_step_valid" CHECK ("client_phase_totals"."step" in ('learn', 'sense', 'grow'))
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "step" text DEFAULT 'learn' NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "step" text DEFAULT 'learn' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD CONSTRAINT "client_phase_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD CONSTRAINT "client_phase_totals_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_client_completed_idx" ON "exercises" USING btree ("client_person_id","completed_at","id");--> statement-breakpoint
CREATE INDEX "surveys_client_submitted_idx" ON "surveys" USING btree ("client_person_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "usage_sessions_client_ended_at_idx" ON "usage_sessions" USING btree ("client_person_id","ended_at");--> statement-breakpoint
ALTER TABLE "client_daily" DROP COLUMN "reflections_scheduled";--> statement-breakpoint
ALTER TABLE "client_daily" DROP COLUMN "exercises_scheduled";--> statement-breakpoint
ALTER TABLE "client_daily" DROP COLUMN "assessments_scheduled";--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_step_valid" CHECK ("exercises"."step" in ('learn', 'sense', 'grow'));--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_step_valid" CHECK ("surveys"."step" in ('learn', 'sense', 'grow'));