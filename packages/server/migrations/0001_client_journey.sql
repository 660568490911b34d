CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"step" text NOT NULL,
	"entity_type" text NOT NULL,
	"kind" text NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"survey_type" text,
	"status" text DEFAULT 'active' NOT NULL,
	"local_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_step_valid" CHECK ("calendar_events"."step" in ('learn', 'sense', 'grow')),
	CONSTRAINT "calendar_events_entity_type_valid" CHECK ("calendar_events"."entity_type" in ('journeyStep', 'survey', 'journey', 'exercise')),
	CONSTRAINT "calendar_events_status_valid" CHECK ("calendar_events"."status" in ('active', 'completed')),
	CONSTRAINT "calendar_events_survey_type_valid" CHECK ("calendar_events"."survey_type" is null or "calendar_events"."survey_type" in ('assessment', 'reflection', 'morningReflection')),
	CONSTRAINT "calendar_events_slot_valid" CHECK ("calendar_events"."slot" between 0 and 3),
	CONSTRAINT "calendar_events_period_valid" CHECK ("calendar_events"."ends_at" > "calendar_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "client_daily" (
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"usage_seconds" integer DEFAULT 0 NOT NULL,
	"hrv_count" integer DEFAULT 0 NOT NULL,
	"hrv_average" double precision,
	"pulse_count" integer DEFAULT 0 NOT NULL,
	"pulse_average" double precision,
	"respiratory_count" integer DEFAULT 0 NOT NULL,
	"respiratory_average" double precision,
	"reflections_completed" integer DEFAULT 0 NOT NULL,
	"reflections_scheduled" integer DEFAULT 0 NOT NULL,
	"exercises_completed" integer DEFAULT 0 NOT NULL,
	"exercises_scheduled" integer DEFAULT 0 NOT NULL,
	"assessments_completed" integer DEFAULT 0 NOT NULL,
	"assessments_scheduled" integer DEFAULT 0 NOT NULL,
	"productivity_count" integer DEFAULT 0 NOT NULL,
	"productivity_average" double precision,
	"mental_count" integer DEFAULT 0 NOT NULL,
	"mental_average" double precision,
	"physical_count" integer DEFAULT 0 NOT NULL,
	"physical_average" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_daily_pkey" PRIMARY KEY("client_person_id","local_date"),
	CONSTRAINT "client_daily_usage_valid" CHECK ("client_daily"."usage_seconds" between 0 and 90000)
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"client_exercise_id" uuid NOT NULL,
	"goal" text NOT NULL,
	"step_goal" text,
	"bpm" smallint,
	"calendar_event_id" uuid,
	"hrv1_before" double precision,
	"hrv1_after" double precision,
	"hrv2_before" double precision,
	"hrv2_after" double precision,
	"pulse_before" double precision,
	"pulse_after" double precision,
	"respiratory_before" double precision,
	"respiratory_after" double precision,
	"result" text DEFAULT '' NOT NULL,
	"effect" text,
	"local_date" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercises_goal_valid" CHECK ("exercises"."goal" in ('learn', 'energy', 'focus', 'calm')),
	CONSTRAINT "exercises_step_goal_valid" CHECK ("exercises"."step_goal" is null or "exercises"."step_goal" in ('productivity', 'athleticPerformance', 'stressBalance', 'anxietyReliefBeginner', 'anxietyReliefAdvanced', 'breathing')),
	CONSTRAINT "exercises_bpm_valid" CHECK ("exercises"."bpm" is null or "exercises"."bpm" in (10, 8, 6)),
	CONSTRAINT "exercises_effect_valid" CHECK ("exercises"."effect" is null or "exercises"."effect" in ('negative', 'moderatelyNegative', 'neutral', 'moderatelyPositive', 'positive')),
	CONSTRAINT "exercises_period_valid" CHECK ("exercises"."completed_at" is null or "exercises"."completed_at" >= "exercises"."started_at")
);
--> statement-breakpoint
CREATE TABLE "journey_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"step" text NOT NULL,
	"start_date" date,
	"status" text DEFAULT 'planned' NOT NULL,
	"goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"bpm" smallint,
	"goal_choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by_person_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_steps_step_valid" CHECK ("journey_steps"."step" in ('learn', 'sense', 'grow')),
	CONSTRAINT "journey_steps_status_valid" CHECK ("journey_steps"."status" in ('planned', 'active', 'completed')),
	CONSTRAINT "journey_steps_bpm_valid" CHECK ("journey_steps"."bpm" is null or "journey_steps"."bpm" in (10, 8, 6)),
	CONSTRAINT "journey_steps_goals_valid" CHECK ("journey_steps"."goals" <@ array['productivity', 'athleticPerformance', 'stressBalance', 'anxietyReliefBeginner', 'anxietyReliefAdvanced', 'breathing']::text[])
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"current_step" text DEFAULT 'learn' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journeys_current_step_valid" CHECK ("journeys"."current_step" in ('learn', 'sense', 'grow'))
);
--> statement-breakpoint
CREATE TABLE "metric_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metric_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"client_sample_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" double precision NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "metric_samples_kind_valid" CHECK ("metric_samples"."kind" in ('hrv', 'pulse', 'respiratory'))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"client_survey_id" uuid,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"window" text,
	"status" text,
	"calendar_event_id" uuid,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"productivity" smallint,
	"mental" smallint,
	"physical" smallint,
	"local_date" date NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_type_valid" CHECK ("surveys"."type" in ('assessment', 'reflection', 'morningReflection')),
	CONSTRAINT "surveys_status_valid" CHECK (("surveys"."type" = 'assessment') = ("surveys"."status" is not null) and ("surveys"."status" is null or "surveys"."status" in ('complete', 'incomplete', 'inProgress'))),
	CONSTRAINT "surveys_indicators_valid" CHECK (coalesce("surveys"."productivity", 0) between 0 and 100 and coalesce("surveys"."mental", 0) between 0 and 100 and coalesce("surveys"."physical", 0) between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "usage_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"client_session_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_sessions_period_valid" CHECK ("usage_sessions"."ended_at" >= "usage_sessions"."started_at")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_daily" ADD CONSTRAINT "client_daily_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_daily" ADD CONSTRAINT "client_daily_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_calendar_event_id_calendar_events_id_fk" FOREIGN KEY ("calendar_event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_steps" ADD CONSTRAINT "journey_steps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_steps" ADD CONSTRAINT "journey_steps_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_steps" ADD CONSTRAINT "journey_steps_started_by_person_id_persons_id_fk" FOREIGN KEY ("started_by_person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD CONSTRAINT "metric_samples_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD CONSTRAINT "metric_samples_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_calendar_event_id_calendar_events_id_fk" FOREIGN KEY ("calendar_event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_client_day_kind_slot_key" ON "calendar_events" USING btree ("client_person_id","local_date","entity_type","kind","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_client_exercise_id_key" ON "exercises" USING btree ("client_person_id","client_exercise_id");--> statement-breakpoint
CREATE INDEX "exercises_client_day_idx" ON "exercises" USING btree ("client_person_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_steps_client_step_key" ON "journey_steps" USING btree ("client_person_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_client_key" ON "journeys" USING btree ("client_person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metric_samples_client_sample_id_key" ON "metric_samples" USING btree ("client_person_id","client_sample_id");--> statement-breakpoint
CREATE INDEX "metric_samples_client_measured_at_idx" ON "metric_samples" USING btree ("client_person_id","measured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_client_survey_id_key" ON "surveys" USING btree ("client_person_id","client_survey_id");--> statement-breakpoint
CREATE INDEX "surveys_client_day_idx" ON "surveys" USING btree ("client_person_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_sessions_client_session_id_key" ON "usage_sessions" USING btree ("client_person_id","client_session_id");--> statement-breakpoint
CREATE INDEX "usage_sessions_client_started_at_idx" ON "usage_sessions" USING btree ("client_person_id","started_at");